/**
 * The SMA article's worked example agrees with the moving-average code the charts use, and the
 * adjusted-prices example (HDFCBANK's split) agrees with the real bhavcopies (../shared/data).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatIndianNumber, MOVING_AVERAGE_KINDS, roundDecimal, simpleMovingAverage } from '@bazaar/shared';
import { ADJUSTED_PRICES_GUIDE, AVERAGE_GUIDES, SMA_EXAMPLE } from './guide-content';

const LEGACY = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../../shared/data/nse/bhavcopy/legacy',
);
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

describe('user guide content', () => {
  it('explains all eight averages, in the order of the kinds', () => {
    expect(AVERAGE_GUIDES.map((guide) => guide.kind)).toEqual([...MOVING_AVERAGE_KINDS]);
    expect(AVERAGE_GUIDES.every((guide) => guide.description && guide.formula.length > 0 && guide.uses)).toBe(true);
  });

  it('works the 5-day example the way the SMA code does', () => {
    const prices = SMA_EXAMPLE.closes.map((close, index) => ({ date: `2025-01-0${index + 1}`, close }));
    const averages = simpleMovingAverage(prices, 5).map((point) => roundDecimal(point.value));
    // by hand: (100 + 102 + 101 + 105 + 107) ÷ 5 = 103.00; (102 + 101 + 105 + 107 + 110) ÷ 5 = 105.00
    expect(averages).toEqual(['103.00', '105.00']);
    expect([SMA_EXAMPLE.firstAverage, SMA_EXAMPLE.nextAverage]).toEqual(averages);
  });

  it('gives HDFCBANK’s 12-month high to 31-Mar-2020 raw and adjusted as the real files have it', () => {
    // HIGH (column 3) of HDFCBANK EQ on every day of the window (31-Mar-2019, 31-Mar-2020], in hundredths
    const days = fs
      .readdirSync(LEGACY)
      .map((file) => {
        const text = fs.readFileSync(path.join(LEGACY, file), 'utf8');
        const start = text.indexOf('\nHDFCBANK,EQ,');
        return start < 0 ? [] : text.slice(start + 1, text.indexOf('\n', start + 1)).split(',');
      })
      .filter((cells) => cells.length > 10)
      .map((cells) => {
        const [day, month, year] = cells[10]!.split('-');
        const iso = `${year}-${String(MONTHS.indexOf(month!.toUpperCase()) + 1).padStart(2, '0')}-${day}`;
        return { iso, high: Math.round(Number(cells[3]) * 100) };
      })
      .filter((day) => day.iso > '2019-03-31' && day.iso <= '2020-03-31');
    const display = (iso: string) =>
      `${iso.slice(8)}-${MONTHS[Number(iso.slice(5, 7)) - 1]!.charAt(0)}${MONTHS[Number(iso.slice(5, 7)) - 1]!.slice(1).toLowerCase()}-${iso.slice(0, 4)}`;
    const highest = (list: Array<{ iso: string; high: number }>) =>
      list.reduce((best, day) => (day.high > best.high || (day.high === best.high && day.iso > best.iso) ? day : best));
    const raw = highest(days);
    // the split of 19-Sep-2019 has factor 2: every day before it halves
    const adjusted = highest(days.map((day) => (day.iso < '2019-09-19' ? { ...day, high: day.high / 2 } : day)));
    const { example } = ADJUSTED_PRICES_GUIDE;
    expect(example.rawHigh).toBe(formatIndianNumber(raw.high / 100));
    expect(example.rawHighDate).toBe(display(raw.iso));
    expect(example.adjustedThatDay).toBe(formatIndianNumber(raw.high / 200));
    expect(example.adjustedHigh).toBe(formatIndianNumber(adjusted.high / 100));
    expect(example.adjustedHighDate).toBe(display(adjusted.iso));
  }, 60_000);

  it('works the holdings example from HDFCBANK’s real closes of 03-Jun-2019 and 31-Mar-2020', () => {
    const closeOf = (file: string) => {
      const text = fs.readFileSync(path.join(LEGACY, file), 'utf8');
      const start = text.indexOf('\nHDFCBANK,EQ,');
      return Number(text.slice(start + 1, text.indexOf('\n', start + 1)).split(',')[5]);
    };
    // in paise: 10 bought at the close of 03-Jun-2019, 20 held at the close of 31-Mar-2020, ₹200 of dividends
    const bought = Math.round(closeOf('03JUN2019.csv') * 100);
    const now = Math.round(closeOf('31MAR2020.csv') * 100);
    const gross = 20 * now - 10 * bought;
    const rupees = (paise: number) => formatIndianNumber(paise / 100);
    const text = ADJUSTED_PRICES_GUIDE.holdings;
    expect(text).toContain(`10 HDFCBANK bought on 03-Jun-2019 at ₹${rupees(bought)} (₹${rupees(10 * bought)})`);
    expect(text).toContain(`show as 20 at ₹${rupees(bought / 2)}`);
    expect(text).toContain(`(₹${rupees(now)}) the 20 shares are worth ₹${rupees(20 * now)}`);
    expect(text).toContain(`gross P&L −₹${rupees(-gross)}, net −₹${rupees(-(gross + 20_000))}`);
  });
});
