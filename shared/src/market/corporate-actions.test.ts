import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { adjustPrice, parsePurpose } from './corporate-actions.js';

describe('parsePurpose: splits, consolidations and bonuses', () => {
  it.each([
    // [text, kind, factor, label] — factors by hand: split A/B, bonus (a+b)/b
    ['Face Value Split (Sub-Division) - From Rs 2/- Per Share To Re 1/- Per Share', 'split', '2', '1:2 split'],
    ['Face Value Split (Sub-Division) - From Rs 10/- Per Share To Re 1/- Per Share', 'split', '10', '1:10 split'],
    ['Face Value Split From Rs 5 Per Share To Rs 2 Per Share', 'split', '2.5', '2:5 split'],
    ['Face Value Split From Rs 10 To Re 1', 'split', '10', '1:10 split'],
    ['Face Value Split (Sub-Division) - From Rs10/- Per Share To Rs 5/- Per Share', 'split', '2', '1:2 split'],
    ['Face Value Split (Sub-Division) - From Rs 10 /- Per Share To Rs 2/- Per Share', 'split', '5', '1:5 split'],
    [
      'Consolidation Of Equity Shares From Re 1 Per Share To Rs 10 Per Share',
      'consolidation',
      '0.1',
      '10:1 consolidation',
    ],
    ['Bonus 1:4', 'bonus', '1.25', 'Bonus 1:4'],
    ['Bonus  1:4', 'bonus', '1.25', 'Bonus 1:4'],
    ['Bonus 4:10', 'bonus', '1.4', 'Bonus 4:10'],
    ['Bonus- 1:1', 'bonus', '2', 'Bonus 1:1'],
    ['Bonus 3: 2', 'bonus', '2.5', 'Bonus 3:2'],
  ])('%s → %s ×%s', (text, kind, factor, label) => {
    const parsed = parsePurpose(text);
    expect(parsed).toMatchObject({ kind, factor, dividendPerShare: null, unclassified: false });
    expect(parsed.events.map((event) => event.label)).toEqual([label]);
  });

  it('multiplies several adjusting events of one text and keeps their order', () => {
    const parsed = parsePurpose(
      'Bonus 1:1/Face Value Split (Sub-Division) - From Rs 10/- Per Share To Rs 5/- Per Share',
    );
    expect(parsed.kind).toBe('bonus');
    expect(parsed.factor).toBe('4'); // 2 × 2
    expect(parsed.events.map((event) => event.kind)).toEqual(['bonus', 'split']);
  });

  it('records a dividend beside a split or a bonus', () => {
    const parsed = parsePurpose(
      'Annual General Meeting/Dividend - Rs 4 Per Share/Face Value Split (Sub-Division) - From Rs 10/- Per Share To Re 1/- Per Share (Purpose Revised)',
    );
    expect(parsed).toMatchObject({ kind: 'split', factor: '10', dividendPerShare: '4' });
    expect(
      parsePurpose(
        'Interim Div - Rs 2.5/- Per Share + Face Value Split (Sub-Division) - From Rs 5/- Per Share To Re 1/- Per Share',
      ),
    ).toMatchObject({
      kind: 'split',
      factor: '5',
      dividendPerShare: '2.5',
    });
  });

  it.each([
    'Scheme Of Arangement- Bonus - 1 Debenture For 1 Equity Share Held',
    'Scheme Of Arrangement - Bonus Ncrps 1:10',
    'Bonus Ncrps 1:116',
    'Capital Reduction -  From Rs 10/- To Rs 4/- Per Share',
  ])('does not adjust for bonus debentures, preference shares or capital reductions: %s', (text) => {
    expect(parsePurpose(text)).toMatchObject({ kind: 'other', factor: null, unclassified: false });
  });

  it('flags a text that names a split or bonus it cannot read', () => {
    expect(parsePurpose('Bonus Issue (Ratio To Be Announced)')).toMatchObject({ factor: null, unclassified: true });
    expect(parsePurpose('Face Value Split')).toMatchObject({ factor: null, unclassified: true });
  });
});

describe('parsePurpose: dividends', () => {
  it.each([
    ['Dividend - Rs 15/- Per Share', '15'],
    ['Interim Dividend - Re 0.50 Per Share', '0.5'],
    ['Dividend Rs.2 Per Share', '2'],
    ['Dividend Rs - 1.25 Per Share', '1.25'],
    ['Dividend Re - Re 1 Per Share', '1'],
    ['Annual General Meetingdividend - Rs 3 Per Share', '3'],
    ['Annual General Meeting/ Dividend * Rs 3/- Per Share', '3'],
    ['Interim Dividend - Rs 2 Per Share Special Dividend - Rs 3 Per Share', '5'],
    ['Dividend - Rs 6 Per Share & Special Dividend - Rs 4 Per Share', '10'],
  ])('%s → ₹%s per share', (text, amount) => {
    expect(parsePurpose(text)).toMatchObject({ kind: 'dividend', factor: null, dividendPerShare: amount });
  });

  it('labels whole rupees as they are and paise with two decimals', () => {
    const label = (text: string) => parsePurpose(text).events[0]?.label;
    expect(label('Dividend - Rs 15/- Per Share')).toBe('Dividend ₹15');
    expect(label('Interim Dividend - Rs 20.20 Per Share')).toBe('Dividend ₹20.20');
    expect(label('Interim Dividend - Re 0.5 Per Share')).toBe('Dividend ₹0.50');
    expect(label('Dividend - Rs 2.125 Per Share')).toBe('Dividend ₹2.125');
  });

  it('records a dividend without an amount, with nothing to credit', () => {
    expect(parsePurpose('Interim Dividend')).toMatchObject({
      kind: 'dividend',
      dividendPerShare: null,
      unclassified: false,
    });
  });

  it('does not read "Sub-Division" as a dividend', () => {
    expect(
      parsePurpose('Face Value Split (Sub-Division) - From Rs 10/- Per Share To Rs 5/- Per Share').dividendPerShare,
    ).toBeNull();
  });

  it('leaves other purposes alone', () => {
    expect(parsePurpose('Annual General Meeting')).toEqual({
      kind: 'other',
      factor: null,
      dividendPerShare: null,
      events: [],
      unclassified: false,
    });
    expect(parsePurpose(' Buyback Of Shares').kind).toBe('other');
  });
});

describe('parsePurpose on every row of the real corporate-actions file', () => {
  const file = new URL('../../../../shared/data/nse/corporate_actions/CF-CA-equities.csv', import.meta.url);
  const rows = fs
    .readFileSync(file, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((line) => {
      const cells = [...line.matchAll(/"([^"]*)"/g)].map((match) => match[1]!);
      return { symbol: cells[0]!, purpose: cells[3]!, exDate: cells[5]! };
    });

  it('classifies every text that mentions a split, bonus or consolidation', () => {
    const mentions = rows.filter((row) => /split|bonus|consolidat/i.test(row.purpose));
    expect(mentions.length).toBeGreaterThan(600);
    const unread = mentions.filter((row) => parsePurpose(row.purpose).unclassified).map((row) => row.purpose);
    expect(unread).toEqual([]);
  });

  it('reads each single split and bonus with the factor its own numbers give', () => {
    let checked = 0;
    for (const { purpose } of rows) {
      const bonus = /^\s*Bonus\s*-?\s*(\d+)\s*:\s*(\d+)\s*$/i.exec(purpose);
      const split = /^\s*Face Value Split[^0-9]*?(\d+)[^0-9]+?(\d+)[^0-9]*$/i.exec(purpose);
      if (bonus) {
        const [a, b] = [Number(bonus[1]), Number(bonus[2])];
        expect(Number(parsePurpose(purpose).factor), purpose).toBeCloseTo((a + b) / b, 12);
        checked += 1;
      } else if (split) {
        const [from, to] = [Number(split[1]), Number(split[2])];
        expect(Number(parsePurpose(purpose).factor), purpose).toBeCloseTo(from / to, 12);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(600);
  });

  it('finds the 34 adjusting events with ex-dates inside the bhavcopy range (Jan 2019 – Mar 2020), and the bonus debenture', () => {
    const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    const inRange = rows.filter((row) => {
      const [, month, year] = row.exDate.split('-');
      const key = `${year}-${String(months.indexOf(month!) + 1).padStart(2, '0')}`;
      return key >= '2019-01' && key <= '2020-03' && /split|bonus/i.test(row.purpose);
    });
    // 35 texts name a split or a bonus (counted by hand from the file); BRITANNIA's "bonus" is a debenture
    expect(inRange).toHaveLength(35);
    const notAdjusting = inRange.filter((row) => parsePurpose(row.purpose).factor === null);
    expect(notAdjusting.map((row) => `${row.symbol} ${row.exDate}`)).toEqual(['BRITANNIA 22-Aug-2019']);
    const factorOf = (symbol: string) => parsePurpose(inRange.find((row) => row.symbol === symbol)!.purpose).factor;
    expect(factorOf('HDFCBANK')).toBe('2');
    expect(factorOf('TRIDENT')).toBe('10');
    expect(factorOf('CHOLAFIN')).toBe('5');
    expect(Number(factorOf('WIPRO'))).toBeCloseTo(4 / 3, 15);
  });
});

describe('adjustPrice', () => {
  it('divides by the divisor exactly and leaves undivided prices as they were', () => {
    expect(adjustPrice('2503.30', '2')).toBe('1251.65');
    expect(adjustPrice('12.5', '1.25')).toBe('10');
    expect(adjustPrice('2503.30', '1')).toBe('2503.30');
  });
});
