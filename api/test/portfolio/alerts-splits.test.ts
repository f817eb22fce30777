/**
 * The 52-week high/low alerts across a split (docs/product/portfolio.md#corporate-actions), on real
 * data: HDFCBANK's and TRIDENT's EQ rows of every bhavcopy of ../shared/data up to D, and the
 * exchange's CF-CA-equities.csv uploaded through the real upload route. The expected alerts are
 * computed here from the files: each day's high and low before an ex-date (in effect on D) ÷ the
 * split's factor, over the 52 weeks before D (at least 200 trading days), against D's close.
 *
 * - TRIDENT, split ₹10 → ₹1 (factor 10) ex 13-Dec-2019: on the ex-date the raw close (7.50) is below
 *   every raw low of the year (52.00) but not below the adjusted low (5.20): no alert (raw prices
 *   invented a new low); on 16-Dec-2019 it closes at 8.25, above the adjusted high (7.85): a new high.
 * - HDFCBANK, split ₹2 → ₹1 (factor 2) ex 19-Sep-2019: on 18-Dec-2019 it closes at 1,292.35, above
 *   its adjusted 52-week high (1,287.00) though far below the raw one (2,503.30): a new high.
 */
import Big from 'big.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatRupees } from '@bazaar/shared';
import type { DashboardDto, PortfolioAlertDto } from '@bazaar/shared/contract';
import { DEMO, useApi } from '../setup/test-api.js';
import { readLegacyBhavcopies } from '../market/support/bhavcopy.js';
import { uploadRealCorporateActions } from '../uploads/helpers.js';
import { addHolding, createReference, insertPrices, type PriceRow } from './helpers.js';

const SPLITS: Record<string, { exDate: string; factor: number }> = {
  TRIDENT: { exDate: '2019-12-13', factor: 10 },
  HDFCBANK: { exDate: '2019-09-19', factor: 2 },
};
const LAST = '2019-12-18';
/** The two symbols' EQ rows of every bhavcopy up to LAST, read from the files. */
function readRows(): PriceRow[] {
  return readLegacyBhavcopies()
    .filter((row) => row.series === 'EQ' && row.symbol in SPLITS && row.date <= LAST)
    .map(({ symbol, date, high, low, close }) => ({ symbol, date, high, low, close }))
    .sort((a, b) => a.date.localeCompare(b.date) || a.symbol.localeCompare(b.symbol));
}

const ROWS = readRows();

/** The alert a symbol should have on D, computed from the rows (null: none). */
function expectedAlert(symbol: string, day: string) {
  const mine = ROWS.filter((row) => row.symbol === symbol && row.date <= day);
  const today = mine.find((row) => row.date === day);
  if (!today) return null;
  const from = new Date(`${day}T00:00:00Z`);
  from.setUTCDate(from.getUTCDate() - 364);
  const start = from.toISOString().slice(0, 10);
  const split = SPLITS[symbol]!;
  const adjust = (row: PriceRow, value: string) =>
    split.exDate <= day && row.date < split.exDate ? new Big(value).div(split.factor) : new Big(value);
  const window = mine.filter((row) => row.date < day && row.date >= start);
  if (window.length < 200) return null;
  const high = window.map((row) => adjust(row, row.high!)).reduce((a, b) => (b.gt(a) ? b : a));
  const low = window.map((row) => adjust(row, row.low!)).reduce((a, b) => (b.lt(a) ? b : a));
  const close = new Big(today.close);
  const [kind, word, side, level] = close.gt(high)
    ? (['NEW_52_WEEK_HIGH', 'high', 'above', high] as const)
    : close.lt(low)
      ? (['NEW_52_WEEK_LOW', 'low', 'below', low] as const)
      : [null, '', '', high];
  if (kind === null) return null;
  return {
    kind,
    symbol,
    date: day,
    message: `${symbol} closed at ${formatRupees(today.close)} on ${day}, ${side} its 52-week ${word} of ${formatRupees(level)}.`,
  };
}

describe('52-week alerts across a split (real data)', () => {
  const api = useApi();
  let investor: string;

  /** Loads the rows up to `day` (not loaded yet): D becomes `day`. */
  let loadedThrough = '0000-00-00';
  const loadThrough = async (day: string) => {
    await insertPrices(
      api,
      ROWS.filter((row) => row.date > loadedThrough && row.date <= day),
    );
    loadedThrough = day;
  };
  const priceAlerts = async () => {
    const answer = await api.request<PortfolioAlertDto[]>('GET', '/user/portfolio/alerts', { token: investor });
    expect(answer.status, answer.text).toBe(200);
    return answer.body
      .filter((alert) => alert.kind === 'NEW_52_WEEK_HIGH' || alert.kind === 'NEW_52_WEEK_LOW')
      .map(({ kind, symbol, date, message }) => ({ kind, symbol, date, message }));
  };
  const expectedOn = (day: string) =>
    Object.keys(SPLITS)
      .sort()
      .map((symbol) => expectedAlert(symbol, day))
      .filter((alert) => alert !== null);

  beforeAll(async () => {
    const staff = await api.login(DEMO.staff.username, DEMO.staff.password);
    investor = await api.login(DEMO.investor.username, DEMO.investor.password);
    const actions = await uploadRealCorporateActions(api, staff);
    expect(actions.status, actions.text).toBeLessThan(300);
    await loadThrough('2019-12-13');
    const ref = await createReference(api, staff, 'Alerts');
    await addHolding(api, investor, ref, {
      symbol: 'HDFCBANK',
      price: '1200',
      quantity: 10,
      creationDate: '2019-10-01',
    });
    await addHolding(api, investor, ref, { symbol: 'TRIDENT', price: '60', quantity: 100, creationDate: '2019-10-01' });
  }, 600_000);

  it('on TRIDENT’s ex-date: no new low (the raw close is below every raw low, not the adjusted one)', async () => {
    expect(expectedAlert('TRIDENT', '2019-12-13')).toBeNull();
    expect(await priceAlerts()).toEqual(expectedOn('2019-12-13'));
  });

  it('the next day TRIDENT is above its adjusted 52-week high of ₹7.85', async () => {
    await loadThrough('2019-12-16');
    const expected = expectedOn('2019-12-16');
    expect(expected).toContainEqual({
      kind: 'NEW_52_WEEK_HIGH',
      symbol: 'TRIDENT',
      date: '2019-12-16',
      message: 'TRIDENT closed at ₹8.25 on 2019-12-16, above its 52-week high of ₹7.85.',
    });
    expect(await priceAlerts()).toEqual(expected);
  });

  it('HDFCBANK on 18-Dec-2019 is above its adjusted 52-week high (₹1,287.00), on the alerts and the dashboard', async () => {
    await loadThrough(LAST);
    const expected = expectedOn(LAST);
    expect(expected).toContainEqual({
      kind: 'NEW_52_WEEK_HIGH',
      symbol: 'HDFCBANK',
      date: LAST,
      message: 'HDFCBANK closed at ₹1,292.35 on 2019-12-18, above its 52-week high of ₹1,287.00.',
    });
    expect(await priceAlerts()).toEqual(expected);
    const dashboard = await api.request<DashboardDto>('GET', '/user/dashboard', { token: investor });
    expect(dashboard.status, dashboard.text).toBe(200);
    expect(
      dashboard.body.alerts.filter((alert) => alert.symbol === 'HDFCBANK' && alert.kind !== 'CONCENTRATION'),
    ).toMatchObject([{ kind: 'NEW_52_WEEK_HIGH', date: LAST }]);
  });
});
