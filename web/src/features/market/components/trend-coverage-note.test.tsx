/**
 * The short-history note of a trend list (docs/product/market.md#short-history): with 40 trading days
 * loaded, 03-Feb-2020 to 31-Mar-2020, the yearly list (window after 31-Mar-2019) says it covers only
 * those days; the weekly list (window after 24-Mar-2020, a day before it loaded) says nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter } from 'react-router-dom';
import type { TrendPeriod } from '@bazaar/shared';
import type { PeriodCoverageFieldsFragment } from '../../../__generated__/graphql';
import { TrendSection } from './trend-section';

afterEach(cleanup);

function renderList(period: TrendPeriod, window: PeriodCoverageFieldsFragment) {
  return render(
    <MantineProvider>
      <MemoryRouter>
        <TrendSection
          direction="HIGH"
          period={period}
          label={period === 'YEARLY' ? 'Yearly' : 'Weekly'}
          items={[]}
          coverage={{ window, asOf: '2020-03-31' }}
        />
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('trend list coverage note', () => {
  it('says a yearly list of 40 loaded days covers only those days', () => {
    renderList('YEARLY', {
      period: 'YEARLY',
      covered: false,
      windowStart: '2019-03-31',
      firstLoadedDate: '2020-02-03',
      tradingDaysLoaded: 40,
    });
    expect(screen.getByTestId('trend-high-yearly-coverage').textContent).toBe(
      'Only 40 trading days loaded: this list covers 03-Feb-2020 to 31-Mar-2020, not the full year.',
    );
  });

  it('says nothing under a list whose window is covered', () => {
    renderList('WEEKLY', {
      period: 'WEEKLY',
      covered: true,
      windowStart: '2020-03-24',
      firstLoadedDate: '2020-02-03',
      tradingDaysLoaded: 5,
    });
    expect(screen.queryByTestId('trend-high-weekly')).not.toBeNull();
    expect(screen.queryByTestId('trend-high-weekly-coverage')).toBeNull();
  });
});
