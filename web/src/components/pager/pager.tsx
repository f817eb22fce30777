/** Previous / page links (at most 7, with ellipses) / Next, from the shared pager model. */
import { Button, Group } from '@mantine/core';
import { buildPager } from '@bazaar/shared';

export interface PagerProps {
  totalItems: number;
  itemsPerPage: number;
  currentPage: number;
  onChange: (page: number) => void;
  label?: string;
}

export function Pager({ totalItems, itemsPerPage, currentPage, onChange, label = 'Pages' }: PagerProps) {
  const model = buildPager({ totalItems, itemsPerPage, currentPage });
  if (model.totalPages <= 1) return null;
  return (
    <Group gap={4} justify="center" component="nav" aria-label={label} wrap="wrap">
      <Button
        size="compact-sm"
        variant="default"
        disabled={!model.hasPrevious}
        onClick={() => onChange(model.currentPage - 1)}
      >
        Previous
      </Button>
      {model.items.map((item) =>
        item.kind === 'ellipsis' ? (
          <span key={item.key} aria-hidden style={{ padding: '0 4px' }}>
            …
          </span>
        ) : (
          <Button
            key={item.page}
            size="compact-sm"
            variant={item.current ? 'filled' : 'default'}
            aria-current={item.current ? 'page' : undefined}
            aria-label={`Page ${item.page}`}
            onClick={() => onChange(item.page)}
          >
            {item.page}
          </Button>
        ),
      )}
      <Button
        size="compact-sm"
        variant="default"
        disabled={!model.hasNext}
        onClick={() => onChange(model.currentPage + 1)}
      >
        Next
      </Button>
    </Group>
  );
}
