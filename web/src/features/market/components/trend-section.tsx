/**
 * One sub-section of the Technical Analysis page (e.g. "Weekly" of High Trends): a search box
 * (placeholder 'Search') with a Search button, and the list's symbols as tiles, paged with the shared
 * pager (at most 7 page links, Previous/Next). Desktop shows 25 tiles per page in 5 columns; at
 * 425px or less the mobile layout shows 5 per page with its own pager and its own page number
 * (docs/product/market.md: separate pagination controls). Both page numbers start at 1 and go back to 1 on
 * every search. Tiles are buttons (keyboard-usable) that open company analysis. A list whose window
 * the loaded prices do not cover says so under its heading ("Only 40 trading days loaded: …",
 * docs/product/market.md#short-history).
 */
import { useMemo, useState } from 'react';
import { Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  buildPager,
  pageOf,
  TREND_GRID_COLUMNS,
  TREND_PAGE_SIZE_DESKTOP,
  TREND_PAGE_SIZE_MOBILE,
  type TrendDirection,
  type TrendPeriod,
} from '@bazaar/shared';
import type { PeriodCoverageFieldsFragment, TrendTileFieldsFragment } from '../../../__generated__/graphql';
import { CoverageNote } from '../../../components/coverage-note';
import { Pager } from '../../../components/pager/pager';
import { SearchForm } from '../../../components/search-form';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { TrendTile } from './trend-tile';

export interface TrendSectionProps {
  direction: TrendDirection;
  period: TrendPeriod;
  /** The sub-section heading: Weekly, Monthly, Quarterly, Half Yearly, Yearly. */
  label: string;
  items: readonly TrendTileFieldsFragment[];
  /** Whether the loaded prices cover the list's window, and the day the window ends on (absent: no note). */
  coverage?: { window: PeriodCoverageFieldsFragment; asOf: string } | null;
}

/** Symbols containing the text, case-insensitive (an empty search keeps every symbol). */
export function filterTrendItems<Item extends { symbol: string }>(items: readonly Item[], search: string): Item[] {
  const needle = search.trim().toUpperCase();
  return needle === '' ? [...items] : items.filter((item) => item.symbol.toUpperCase().includes(needle));
}

export function TrendSection({ direction, period, label, items, coverage }: TrendSectionProps) {
  const isMobile = useIsMobile();
  const [search, setSearch] = useState('');
  const [desktopPage, setDesktopPage] = useState(1);
  const [mobilePage, setMobilePage] = useState(1);

  const matching = useMemo(() => filterTrendItems(items, search), [items, search]);
  const pageSize = isMobile ? TREND_PAGE_SIZE_MOBILE : TREND_PAGE_SIZE_DESKTOP;
  const pager = buildPager({
    totalItems: matching.length,
    itemsPerPage: pageSize,
    currentPage: isMobile ? mobilePage : desktopPage,
  });
  const shown = pageOf(matching, pager);

  const directionWord = direction === 'HIGH' ? 'high' : 'low';
  const sectionId = `trend-${directionWord}-${period.toLowerCase()}`;

  function applySearch(value: string) {
    setSearch(value);
    setDesktopPage(1);
    setMobilePage(1);
  }

  return (
    <Stack gap="xs" component="section" aria-labelledby={`${sectionId}-title`} data-testid={sectionId}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={4} id={`${sectionId}-title`}>
          {label}
        </Title>
        <Text size="xs" c="dimmed" data-testid={`${sectionId}-count`}>
          {matching.length} {matching.length === 1 ? 'symbol' : 'symbols'}
        </Text>
      </Group>
      <CoverageNote
        period={period}
        coverage={coverage?.window}
        asOf={coverage?.asOf}
        testId={`${sectionId}-coverage`}
      />
      <SearchForm label={`Search ${label} ${directionWord} trends`} value={search} onSearch={applySearch} />

      {matching.length === 0 ? (
        <Text c="dimmed" size="sm" py="sm" data-testid={`${sectionId}-empty`}>
          {search.trim()
            ? `No symbols match "${search.trim()}".`
            : `No symbols made a new ${label.toLowerCase()} ${directionWord}.`}
        </Text>
      ) : (
        <SimpleGrid
          cols={isMobile ? 1 : TREND_GRID_COLUMNS}
          spacing="xs"
          verticalSpacing="xs"
          data-testid={`${sectionId}-tiles`}
          data-layout={isMobile ? 'mobile' : 'desktop'}
        >
          {shown.map((item) => (
            <TrendTile key={item.symbol} item={item} direction={direction} period={period} />
          ))}
        </SimpleGrid>
      )}

      {isMobile ? (
        <Pager
          totalItems={matching.length}
          itemsPerPage={TREND_PAGE_SIZE_MOBILE}
          currentPage={mobilePage}
          onChange={setMobilePage}
          label={`${label} ${directionWord} trends pages (mobile)`}
        />
      ) : (
        <Pager
          totalItems={matching.length}
          itemsPerPage={TREND_PAGE_SIZE_DESKTOP}
          currentPage={desktopPage}
          onChange={setDesktopPage}
          label={`${label} ${directionWord} trends pages`}
        />
      )}
    </Stack>
  );
}
