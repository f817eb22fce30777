/**
 * Capital gains, worked by hand (docs/product/tax.md#rules): each case's arithmetic in its comment,
 * the expected figures typed here, never computed by the code under test.
 */
import { describe, expect, it } from 'vitest';
import { computeCapitalGains, type TaxShareEvent, type TaxTrade } from './capital-gains.js';
import { summariseCapitalGains } from './tax-summary.js';
import { isLongTerm, parseFinancialYear, twelveMonthsAfter } from './tax-rules.js';

const A = { id: 1, name: 'Alpha Broking' };
const B = { id: 2, name: 'Beta Securities' };

function trade(
  firm: typeof A,
  symbol: string,
  side: 'BUY' | 'SELL',
  date: string,
  quantity: number,
  price: string,
  charges = '0',
  stt = '0',
): TaxTrade {
  return { firm, symbol, side, date, quantity: String(quantity), price, charges, stt };
}

function run(
  year: string,
  trades: TaxTrade[],
  options: { events?: Record<string, TaxShareEvent[]>; fmv?: Record<string, string> | null } = {},
) {
  const fy = parseFinancialYear(year)!;
  const result = computeCapitalGains({
    year: fy,
    trades,
    events: new Map(Object.entries(options.events ?? {})),
    fairMarketValues:
      options.fmv === null
        ? null
        : new Map(Object.entries(options.fmv ?? {}).map(([symbol, high]) => [symbol, { date: '2018-01-31', high }])),
    isins: new Map([['TCS', 'INE467B01029']]),
  });
  return { ...result, summary: summariseCapitalGains(fy, result.exits) };
}

const brief = (exit: {
  category: string;
  quantity: string;
  buyDate: string;
  costOfAcquisition: string;
  sellValue: string;
  transferExpenses: string;
  gain: string;
}) => [
  exit.category,
  exit.quantity,
  exit.buyDate,
  exit.costOfAcquisition,
  exit.sellValue,
  exit.transferExpenses,
  exit.gain,
];

describe('financial years and the holding period', () => {
  it('names years 2024-25 and refuses anything else', () => {
    expect(parseFinancialYear('2024-25')).toEqual({ name: '2024-25', from: '2024-04-01', to: '2025-03-31' });
    expect(parseFinancialYear('1999-00')).toBeNull();
    expect(parseFinancialYear('2099-00')).toEqual({ name: '2099-00', from: '2099-04-01', to: '2100-03-31' });
    for (const bad of ['2024-26', '2024', '24-25', '2024-2025', 'abc', ''])
      expect(parseFinancialYear(bad), bad).toBeNull();
  });

  it('counts twelve calendar months: 18-Mar-2019 sold 18-Mar-2020 is short term, 19-Mar-2020 long term; 29-Feb', () => {
    expect(isLongTerm('2019-03-18', '2020-03-18')).toBe(false);
    expect(isLongTerm('2019-03-18', '2020-03-19')).toBe(true);
    // no 29-Feb-2021: twelve months are up on 28-Feb-2021
    expect(twelveMonthsAfter('2020-02-29')).toBe('2021-02-28');
    expect(isLongTerm('2020-02-29', '2021-02-28')).toBe(false);
    expect(isLongTerm('2020-02-29', '2021-03-01')).toBe(true);
    expect(twelveMonthsAfter('2019-02-28')).toBe('2020-02-28');
  });
});

describe('exits', () => {
  it('FIFO across three lots, per firm: another firm’s older lot is not touched', () => {
    // Alpha: 10 @100 (10-Jan-2023, charges ₹10), 10 @120 (10-Feb-2023, ₹12), 10 @130 (1-Jun-2023, none);
    // Beta: 5 @150 (5-Jan-2023). Alpha sells 25 @200 on 15-Feb-2024, charges ₹25 (₹10, ₹10, ₹5 by shares).
    //   10 of 10-Jan: long term (after 10-Jan-2024): 2,000 − (1,000 + 10) − 10 = 980
    //   10 of 10-Feb: long term (after 10-Feb-2024): 2,000 − (1,200 + 12) − 10 = 778
    //   5 of 1-Jun:  short term, 259 days: 1,000 − 650 − 5 = 345
    const { exits, openLots, summary } = run('2023-24', [
      trade(A, 'TCS', 'BUY', '2023-01-10', 10, '100', '10'),
      trade(B, 'TCS', 'BUY', '2023-01-05', 5, '150'),
      trade(A, 'TCS', 'BUY', '2023-02-10', 10, '120', '12'),
      trade(A, 'TCS', 'BUY', '2023-06-01', 10, '130'),
      trade(A, 'TCS', 'SELL', '2024-02-15', 25, '200', '25'),
    ]);
    expect(exits.map(brief)).toEqual([
      ['LONG_TERM', '10', '2023-01-10', '1010', '2000', '10', '980'],
      ['LONG_TERM', '10', '2023-02-10', '1212', '2000', '10', '778'],
      ['SHORT_TERM', '5', '2023-06-01', '650', '1000', '5', '345'],
    ]);
    expect(exits[2]).toMatchObject({ holdingDays: 259, isin: 'INE467B01029', brokerageFirm: A, bonus: false });
    expect(openLots.map((lot) => [lot.brokerageFirm.name, lot.acquired, lot.quantity, lot.cost])).toEqual([
      ['Alpha Broking', '2023-06-01', '5', '650'],
      ['Beta Securities', '2023-01-05', '5', '750'],
    ]);
    // long term 1,758 within the ₹1,00,000 exemption; short term 345 at 15 %: 51.75
    expect(summary).toMatchObject({
      shortTermGain: '345',
      longTermGain: '1758',
      longTermExemption: '1758',
      estimatedTax: '51.75',
    });
  });

  it('intraday beside a delivery sale the same day: 4 speculative at the day’s averages, 6 against the old lot', () => {
    // INFY: 10 @1,000 on 1-Mar-2023. On 10-May-2024 buy 4 @1,500 (charges ₹6, STT ₹1.50) and sell 10 @1,510
    // (charges ₹15, STT ₹3.75). Intraday 4: 6,040 − 6,000 − (6 + 1.50) − (15 + 3.75) × 4/10 = 25 (STT counts:
    // business income). The other 6 sold: 9,060 − 6,000 − 15 × 6/10 = 3,051, long term (STT left out).
    const { exits, summary } = run('2024-25', [
      trade(A, 'INFY', 'BUY', '2023-03-01', 10, '1000'),
      trade(A, 'INFY', 'BUY', '2024-05-10', 4, '1500', '6', '1.5'),
      trade(A, 'INFY', 'SELL', '2024-05-10', 10, '1510', '15', '3.75'),
    ]);
    expect(exits.map(brief)).toEqual([
      ['INTRADAY', '4', '2024-05-10', '6007.5', '6040', '7.5', '25'],
      ['LONG_TERM', '6', '2023-03-01', '6000', '9060', '9', '3051'],
    ]);
    expect(summary).toMatchObject({
      intradayProfit: '25',
      intradayTurnover: '25',
      longTermGainBefore23Jul2024: '3051',
    });
  });

  it('grandfathers a lot bought before 1-Feb-2018: its three cases, and a loss stays a loss', () => {
    // fair market value ₹500 a share (31-Jan-2018); 10 shares each, sold on 3-Jun-2019, no charges:
    //   AAA bought @600, sold @700: max(6,000, min(5,000, 7,000)) = 6,000 → gain 1,000
    //   BBB bought @300, sold @700: max(3,000, min(5,000, 7,000)) = 5,000 → gain 2,000
    //   CCC bought @300, sold @400: max(3,000, min(5,000, 4,000)) = 4,000 → gain 0, not a loss
    //   DDD bought @450, sold @400: max(4,500, 4,000) = 4,500 → loss 500
    const trades = ['AAA:600:700', 'BBB:300:700', 'CCC:300:400', 'DDD:450:400'].flatMap((spec) => {
      const [symbol, buy, sell] = spec.split(':') as [string, string, string];
      return [trade(A, symbol, 'BUY', '2017-06-01', 10, buy), trade(A, symbol, 'SELL', '2019-06-03', 10, sell)];
    });
    const { exits, warnings } = run('2019-20', trades, { fmv: { AAA: '500', BBB: '500', CCC: '500', DDD: '500' } });
    expect(exits.map((exit) => [exit.symbol, exit.fairMarketValue, exit.costOfAcquisition, exit.gain])).toEqual([
      ['AAA', '500', '6000', '1000'],
      ['BBB', '500', '5000', '2000'],
      ['CCC', '500', '4000', '0'],
      ['DDD', '500', '4500', '-500'],
    ]);
    expect(warnings).toEqual([]);
  });

  it('uses the actual cost with a warning when the 31-Jan-2018 prices are not loaded', () => {
    const { exits, warnings } = run(
      '2019-20',
      [trade(A, 'BBB', 'BUY', '2017-06-01', 10, '300'), trade(A, 'BBB', 'SELL', '2019-06-03', 10, '700')],
      { fmv: null },
    );
    expect(exits.map((exit) => [exit.fairMarketValue, exit.costOfAcquisition, exit.gain])).toEqual([
      [null, '3000', '4000'],
    ]);
    expect(warnings).toEqual([
      'BBB: a long-term sale of shares bought before 1-Feb-2018 need the prices of 31-Jan-2018, which are not loaded: their actual cost is used (ask staff to upload the bhavcopy of 31-Jan-2018)',
    ]);
  });

  it('halves the fair market value per share after a 1:2 split, the lot keeping its cost and date', () => {
    // 10 bought @1,600 on 2-May-2017 (16,000); FMV ₹1,990 on 31-Jan-2018; split ×2 on 19-Sep-2019: 20 shares,
    // FMV ₹995 a share; 20 sold @1,250 on 2-Dec-2019 (25,000): cost max(16,000, min(19,900, 25,000)) = 19,900 → 5,100
    const { exits } = run(
      '2019-20',
      [trade(A, 'HDFCBANK', 'BUY', '2017-05-02', 10, '1600'), trade(A, 'HDFCBANK', 'SELL', '2019-12-02', 20, '1250')],
      { fmv: { HDFCBANK: '1990' }, events: { HDFCBANK: [{ exDate: '2019-09-19', kind: 'split', factor: '2' }] } },
    );
    expect(exits.map(brief)).toEqual([['LONG_TERM', '20', '2017-05-02', '19900', '25000', '0', '5100']]);
    expect(exits[0]!.fairMarketValue).toBe('995');
  });

  it('keeps a 1:1 bonus as its own lot: cost zero, acquired on the ex-date', () => {
    // 10 @1,000 on 15-Jan-2019 (10,000); bonus 1:1 on 20-Sep-2019 adds 10 at cost 0; 15 sold @600 on 3-Feb-2020:
    //   the 10 of 15-Jan-2019: long term, 6,000 − 10,000 = −4,000
    //   5 of the bonus lot: short term (acquired 20-Sep-2019), 3,000 − 0 = 3,000
    const { exits, openLots } = run(
      '2019-20',
      [trade(A, 'HCLTECH', 'BUY', '2019-01-15', 10, '1000'), trade(A, 'HCLTECH', 'SELL', '2020-02-03', 15, '600')],
      { events: { HCLTECH: [{ exDate: '2019-09-20', kind: 'bonus', factor: '2' }] } },
    );
    expect(exits.map((exit) => [...brief(exit), exit.bonus])).toEqual([
      ['LONG_TERM', '10', '2019-01-15', '10000', '6000', '0', '-4000', false],
      ['SHORT_TERM', '5', '2019-09-20', '0', '3000', '0', '3000', true],
    ]);
    expect(openLots.map((lot) => [lot.acquired, lot.quantity, lot.cost, lot.bonus])).toEqual([
      ['2019-09-20', '5', '0', true],
    ]);
  });

  it('leaves STT out of cost and transfer expenses', () => {
    // 10 @100 (charges ₹5 + STT ₹1), sold a year and more later 10 @150 (charges ₹6 + STT ₹1.50): 1,500 − 1,005 − 6 = 489
    const { exits } = run('2021-22', [
      trade(A, 'TCS', 'BUY', '2020-05-04', 10, '100', '5', '1'),
      trade(A, 'TCS', 'SELL', '2021-06-01', 10, '150', '6', '1.5'),
    ]);
    expect(exits.map(brief)).toEqual([['LONG_TERM', '10', '2020-05-04', '1005', '1500', '6', '489']]);
  });

  it('reports only the year’s sales, an empty year as an empty report', () => {
    const trades = [trade(A, 'TCS', 'BUY', '2020-05-04', 10, '100'), trade(A, 'TCS', 'SELL', '2021-06-01', 4, '150')];
    expect(run('2020-21', trades).exits).toEqual([]);
    const empty = run('2022-23', trades);
    expect(empty.exits).toEqual([]);
    expect(empty.summary).toMatchObject({
      shortTermGain: '0',
      longTermGain: '0',
      estimatedTax: '0',
      lossCarriedForward: '0',
    });
  });
});

describe('set-off within the year and the estimated tax (FY 2024-25, both sides of 23-Jul-2024)', () => {
  const exit = (category: 'SHORT_TERM' | 'LONG_TERM', sellDate: string, gain: string) => ({
    brokerageFirm: A,
    symbol: 'X',
    isin: null,
    category,
    quantity: '1',
    buyDate: '2020-01-01',
    sellDate,
    buyValue: '0',
    sellValue: '0',
    fairMarketValue: null,
    costOfAcquisition: '0',
    transferExpenses: '0',
    gain,
    holdingDays: 1,
    bonus: false,
    actualCost: '0',
  });
  const year = parseFinancialYear('2024-25')!;

  it('sets losses off within their term first, the higher rate first, then the exemption once', () => {
    // ST: +10,000 (10-Jun), +20,000 (10-Aug), −5,000 → the loss off the 20 % gains: 15,000 left at 20 %
    // LT: +1,00,000 (1-May), +1,50,000 (1-Oct), −20,000 → the loss off the 12.5 % gains: 1,30,000;
    //     the exemption ₹1,25,000 off the 12.5 % gains too: 5,000 left at 12.5 %, 1,00,000 at 10 %
    // tax: 10,000 × 15 % + 15,000 × 20 % + 1,00,000 × 10 % + 5,000 × 12.5 % = 1,500 + 3,000 + 10,000 + 625 = 15,125
    const summary = summariseCapitalGains(year, [
      exit('SHORT_TERM', '2024-06-10', '10000'),
      exit('SHORT_TERM', '2024-08-10', '20000'),
      exit('SHORT_TERM', '2024-09-01', '-5000'),
      exit('LONG_TERM', '2024-05-01', '100000'),
      exit('LONG_TERM', '2024-10-01', '150000'),
      exit('LONG_TERM', '2024-11-01', '-20000'),
    ]);
    expect(summary).toMatchObject({
      shortTermGain: '25000',
      shortTermGainBefore23Jul2024: '10000',
      shortTermGainFrom23Jul2024: '15000',
      longTermGain: '230000',
      longTermGainBefore23Jul2024: '100000',
      longTermGainFrom23Jul2024: '130000',
      longTermExemption: '125000',
      lossCarriedForward: '0',
      estimatedTax: '15125',
    });
  });

  it('sets short-term losses off against long-term gains, never long-term losses against short-term gains', () => {
    // ST −30,000 against ST +10,000 → 20,000 left, off the LT gains (12.5 % first): LT 50,000 → 30,000, under
    // the exemption: tax on ST 0, LT 0. A LT loss of 8,000 beside ST +4,000: carried forward, ST taxed 4,000 × 20 % = 800
    expect(
      summariseCapitalGains(year, [
        exit('SHORT_TERM', '2024-08-01', '10000'),
        exit('SHORT_TERM', '2024-08-02', '-30000'),
        exit('LONG_TERM', '2024-08-03', '50000'),
      ]),
    ).toMatchObject({ longTermExemption: '30000', lossCarriedForward: '0', estimatedTax: '0' });
    expect(
      summariseCapitalGains(year, [exit('SHORT_TERM', '2024-08-01', '4000'), exit('LONG_TERM', '2024-08-03', '-8000')]),
    ).toMatchObject({
      longTermLossCarriedForward: '8000',
      lossCarriedForward: '8000',
      longTermExemption: '0',
      estimatedTax: '800',
    });
  });

  it('gives the exemption of the year: ₹1,00,000 up to FY 2023-24', () => {
    // LT 1,50,000 in FY 2023-24: 50,000 taxable at 10 % = 5,000
    expect(
      summariseCapitalGains(parseFinancialYear('2023-24')!, [exit('LONG_TERM', '2023-12-01', '150000')]),
    ).toMatchObject({ longTermExemption: '100000', estimatedTax: '5000' });
  });
});
