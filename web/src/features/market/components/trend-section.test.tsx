/**
 * A trend sub-section in jsdom with the real Mantine provider and router: 25 tiles per page on
 * desktop and 5 at ≤ 425px, the shared pager, search that resets the page, the colour rules of
 * docs/product/market.md#rules and tile clicks that open company analysis with {symbol, trend}.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter, Route, Routes, useLocation, useParams } from 'react-router-dom';
import type { TrendDirection } from '@bazaar/shared';
import type { TrendTileFieldsFragment } from '../../../__generated__/graphql';
import { MOBILE_QUERY } from '../../../lib/use-is-mobile';
import { filterTrendItems, TrendSection } from './trend-section';

const originalMatchMedia = window.matchMedia;
afterEach(() => {
  cleanup();
  window.matchMedia = originalMatchMedia;
});

/** Makes the mobile media query (max-width: 425px) match, as a 400px-wide phone would. */
function useMobileViewport() {
  window.matchMedia = ((query: string) => ({
    matches: query === MOBILE_QUERY,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

function item(symbol: string, change = '1.00', changePercent: string | null = '1.00'): TrendTileFieldsFragment {
  return {
    symbol,
    presentClose: '101.00',
    previousClose: '100.00',
    change,
    changePercent,
    presentDate: '2025-03-14',
    previousDate: '2025-03-13',
  };
}

/** S01 … S60: 60 symbols, i.e. 3 desktop pages (25 + 25 + 10) or 12 mobile pages. */
const SIXTY = Array.from({ length: 60 }, (_, index) => item(`S${String(index + 1).padStart(2, '0')}`));

function AnalysisProbe() {
  const { symbol } = useParams();
  const location = useLocation();
  return (
    <div data-testid="probe">
      {location.pathname}|{symbol}|{JSON.stringify(location.state)}
    </div>
  );
}

function renderSection(items: TrendTileFieldsFragment[], direction: TrendDirection = 'HIGH') {
  return render(
    <MantineProvider>
      <MemoryRouter initialEntries={['/technical-analysis']}>
        <Routes>
          <Route
            path="/technical-analysis"
            element={<TrendSection direction={direction} period="WEEKLY" label="Weekly" items={items} />}
          />
          <Route path="/company-analysis/:symbol" element={<AnalysisProbe />} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
}

/** The page numbers a pager offers as links (not Previous, Next or an ellipsis). */
const pageNumbers = (pager: HTMLElement) =>
  within(pager)
    .getAllByRole('button', { name: /^Page \d+$/ })
    .map((button) => button.textContent);
const tileSymbols = () => screen.queryAllByTestId('trend-tile').map((tile) => tile.getAttribute('data-symbol'));
const expectedSymbols = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => `S${String(from + index).padStart(2, '0')}`);

describe('trend section', () => {
  it('shows 25 tiles per page in 5 columns on desktop and pages with Previous/Next', () => {
    renderSection(SIXTY);
    expect(screen.getByTestId('trend-high-weekly-tiles').getAttribute('data-layout')).toBe('desktop');
    expect(tileSymbols()).toEqual(expectedSymbols(1, 25));
    const pager = screen.getByRole('navigation', { name: 'Weekly high trends pages' });
    expect(pageNumbers(pager)).toEqual(['1', '2', '3']);
    expect((within(pager).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(pager).getByRole('button', { name: 'Page 3' }));
    expect(tileSymbols()).toEqual(expectedSymbols(51, 60));
    expect((within(pager).getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(pager).getByRole('button', { name: 'Previous' }));
    expect(tileSymbols()).toEqual(expectedSymbols(26, 50));
  });

  it('shows 5 tiles per page at 425px or less, with its own pager of at most 7 links', () => {
    useMobileViewport();
    renderSection(SIXTY);
    expect(screen.getByTestId('trend-high-weekly-tiles').getAttribute('data-layout')).toBe('mobile');
    expect(tileSymbols()).toEqual(expectedSymbols(1, 5));
    const pager = screen.getByRole('navigation', { name: 'Weekly high trends pages (mobile)' });
    // 12 pages on page 1: 1 2 3 4 5 … 12 (7 items with the ellipsis)
    expect(pageNumbers(pager)).toEqual(['1', '2', '3', '4', '5', '12']);
    fireEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(tileSymbols()).toEqual(expectedSymbols(6, 10));
    expect(screen.queryByRole('navigation', { name: 'Weekly high trends pages' })).toBeNull();
  });

  it('searches symbols case-insensitively and goes back to page 1', () => {
    renderSection(SIXTY);
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(tileSymbols()).toEqual(expectedSymbols(26, 50));
    const box = screen.getByPlaceholderText('Search');
    fireEvent.change(box, { target: { value: 's5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    // only S50..S59 contain "S5" (S05 does not): 10 symbols, one page
    expect(tileSymbols()).toEqual(expectedSymbols(50, 59));
    expect(screen.getByTestId('trend-high-weekly-count').textContent).toBe('10 symbols');
    expect(screen.queryByRole('navigation', { name: 'Weekly high trends pages' })).toBeNull();

    fireEvent.change(box, { target: { value: 'NOPE' } });
    expect(screen.getByTestId('trend-high-weekly-empty').textContent).toBe('No symbols match "NOPE".');
  });

  it('says so when a list is empty', () => {
    renderSection([], 'LOW');
    expect(screen.getByTestId('trend-low-weekly-empty').textContent).toBe('No symbols made a new weekly low.');
  });

  it('colours high tiles red only for a negative change', () => {
    renderSection([item('UP', '2.50', '1.25'), item('FLAT', '0.00', '0.00'), item('DOWN', '-0.01', '-0.01')], 'HIGH');
    const tone = (symbol: string) =>
      screen
        .getAllByTestId('trend-tile')
        .find((tile) => tile.getAttribute('data-symbol') === symbol)
        ?.getAttribute('data-tone');
    expect([tone('UP'), tone('FLAT'), tone('DOWN')]).toEqual(['gain', 'gain', 'loss']);
    const up = screen.getAllByTestId('trend-tile')[0] as HTMLElement;
    expect(within(up).getByTestId('trend-tile-change').className).toContain('gain');
    expect(within(up).getByTestId('trend-tile-change').textContent).toBe('+₹2.501.25%');
    expect(within(up).getByTestId('trend-tile-close').textContent).toBe('₹101.00');
  });

  it('colours low tiles red for a change of 0 or less', () => {
    renderSection([item('UP', '2.50', '1.25'), item('FLAT', '0.00', '0.00'), item('DOWN', '-3.10', '-2.00')], 'LOW');
    const tones = screen.getAllByTestId('trend-tile').map((tile) => tile.getAttribute('data-tone'));
    expect(tones).toEqual(['gain', 'loss', 'loss']);
    const down = screen.getAllByTestId('trend-tile')[2] as HTMLElement;
    expect(within(down).getByTestId('trend-tile-change').className).toContain('loss');
    expect(within(down).getByTestId('trend-tile-change').textContent).toBe('-₹3.10-2.00%');
  });

  it('opens company analysis with the symbol and the period, from a link (keyboard, new tab)', () => {
    renderSection([item('M&M')]);
    // the link's name is what it shows (symbol, close, change), as WCAG 2.5.3 asks
    const tile = screen.getByRole('link', { name: /^M&M ?₹101\.00/ });
    expect(tile.getAttribute('href')).toBe('/company-analysis/M%26M');
    fireEvent.click(tile);
    // the path escapes '&'; the route parameter reads back as the symbol
    expect(screen.getByTestId('probe').textContent).toBe(
      '/company-analysis/M%26M|M&M|{"symbol":"M&M","trend":"WEEKLY"}',
    );
  });
});

describe('filterTrendItems', () => {
  it('keeps everything for a blank search and matches substrings otherwise', () => {
    const items = [item('TCS'), item('INFY'), item('HCLTECH')];
    expect(filterTrendItems(items, '  ').map((i) => i.symbol)).toEqual(['TCS', 'INFY', 'HCLTECH']);
    expect(filterTrendItems(items, 'c').map((i) => i.symbol)).toEqual(['TCS', 'HCLTECH']);
  });
});
