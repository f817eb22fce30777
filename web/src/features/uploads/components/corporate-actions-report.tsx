/**
 * What a corporate-actions upload was understood as (docs/product/uploads.md#corporate-actions-report):
 * how many price-adjusting events (splits, bonuses, consolidations) and dividends with an ex-date it
 * recognised, and every PURPOSE text that mentions one of them but could not be understood, so a new
 * wording never goes unadjusted unnoticed. It stays until dismissed or the next upload. The warning line is in the
 * theme's caution colour (at least 4.5:1, docs/product/common.md#keyboard).
 */
import { Card, CloseButton, Group, List, Text, Title } from '@mantine/core';
import { formatCount } from '@bazaar/shared';

export interface CorporateActionsReportProps {
  fileName: string;
  adjustingEvents: number;
  dividends: number;
  unclassified: readonly string[];
  onDismiss: () => void;
}

export function CorporateActionsReport({
  fileName,
  adjustingEvents,
  dividends,
  unclassified,
  onDismiss,
}: CorporateActionsReportProps) {
  return (
    <Card withBorder padding="md" radius="md" data-testid="corporate-actions-report">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={3} size="h5">
          What {fileName} was understood as
        </Title>
        <CloseButton aria-label="Hide the report" onClick={onDismiss} />
      </Group>
      <Text size="sm" data-testid="report-counts">
        <strong data-testid="report-adjusting">{formatCount(adjustingEvents)}</strong>{' '}
        {adjustingEvents === 1 ? 'split, bonus or consolidation' : 'splits, bonuses and consolidations'} (prices before
        each ex-date are adjusted) and <strong data-testid="report-dividends">{formatCount(dividends)}</strong>{' '}
        {dividends === 1 ? 'dividend' : 'dividends'} (credited to holdings).
      </Text>
      {unclassified.length === 0 ? (
        <Text size="sm" c="dimmed" mt="xs" data-testid="report-all-understood">
          Every purpose that mentions a split, bonus, consolidation or dividend was understood.
        </Text>
      ) : (
        <>
          {/* the theme's caution colour: orange 8 was 3.6:1 on the card's white (4.3:1 on dark), below 4.5:1 for text;
              this is 6.1:1 (orange 4 on dark, 8.2:1), as the short-history notes (app/theme.ts) */}
          <Text size="sm" c="var(--bazaar-caution)" mt="xs" data-testid="report-unclassified-count">
            {unclassified.length === 1
              ? '1 purpose was not understood: its rows were saved but adjust nothing.'
              : `${formatCount(unclassified.length)} purposes were not understood: their rows were saved but adjust nothing.`}
          </Text>
          <List size="sm" mt={4} spacing={2} data-testid="report-unclassified" style={{ overflowWrap: 'anywhere' }}>
            {unclassified.map((purpose) => (
              <List.Item key={purpose}>{purpose}</List.Item>
            ))}
          </List>
        </>
      )}
    </Card>
  );
}
