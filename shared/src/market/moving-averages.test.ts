import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  MOVING_AVERAGE_KINDS,
  minimumPrices,
  movingAverage,
  simpleMovingAverage,
  warmUpLength,
  type ClosePoint,
  type MovingAverageKind,
} from './moving-averages.js';

/** Closes dated day 1, 2, 3… of January 2020. */
function closes(...values: number[]): ClosePoint[] {
  return values.map((close, i) => ({ date: `2020-01-${String(i + 1).padStart(2, '0')}`, close: String(close) }));
}
const valuesOf = (points: Array<{ value: string }>) => points.map((p) => p.value);
const datesOf = (points: Array<{ date: string }>) => points.map((p) => p.date);

describe('moving averages worked by hand on 2, 4, 6, 8, 12', () => {
  const prices = closes(2, 4, 6, 8, 12);

  it('SMA(3): (2+4+6)/3 = 4, (4+6+8)/3 = 6, (6+8+12)/3 = 8.6667', () => {
    const sma = simpleMovingAverage(prices, 3);
    expect(valuesOf(sma)).toEqual(['4.0000', '6.0000', '8.6667']);
    // each point is dated with the last close of its window
    expect(datesOf(sma)).toEqual(['2020-01-03', '2020-01-04', '2020-01-05']);
  });

  it('EMA(3): α = 0.5, seed SMA 4; 0.5·8 + 0.5·4 = 6; 0.5·12 + 0.5·6 = 9', () => {
    expect(valuesOf(movingAverage('EMA', prices, 3))).toEqual(['4.0000', '6.0000', '9.0000']);
  });

  it('WMA(3): weights 1,2,3 ÷ 6: 28/6, 40/6, 58/6', () => {
    expect(valuesOf(movingAverage('WMA', prices, 3))).toEqual(['4.6667', '6.6667', '9.6667']);
  });

  it('SMMA(3): seed 4; (4·2 + 8)/3 = 16/3; (16/3·2 + 12)/3 = 68/9', () => {
    expect(valuesOf(movingAverage('SMMA', prices, 3))).toEqual(['4.0000', '5.3333', '7.5556']);
  });

  it('DEMA(2): EMA 3, 5, 7, 31/3; EMA of it 4, 6, 80/9; 2·EMA − EMA(EMA) = 6, 8, 106/9', () => {
    const dema = movingAverage('DEMA', prices, 2);
    expect(valuesOf(dema)).toEqual(['6.0000', '8.0000', '11.7778']);
    expect(datesOf(dema)).toEqual(['2020-01-03', '2020-01-04', '2020-01-05']);
  });

  it('TEMA(2): EMA³ 5, 205/27; 3·7 − 3·6 + 5 = 8; 31 − 80/3 + 205/27 = 322/27', () => {
    expect(valuesOf(movingAverage('TEMA', prices, 2))).toEqual(['8.0000', '11.9259']);
  });
});

describe('HMA and KAMA worked by hand', () => {
  it('HMA(4) of 2, 4, 6, 8, 12, 10: WMA(2) and WMA(4), raw 26/3, 188/15, 173/15, WMA(2) of raw', () => {
    // WMA(2) = 22/3, 32/3, 32/3 at days 4..6; WMA(4) = 6, 8.8, 9.8; raw = 2·WMA(2) − WMA(4)
    // HMA = WMA(√4 = 2) of raw: (26/3 + 2·188/15)/3 = 506/45; (188/15 + 2·173/15)/3 = 534/45
    const hma = movingAverage('HMA', closes(2, 4, 6, 8, 12, 10), 4);
    expect(valuesOf(hma)).toEqual(['11.2444', '11.8667']);
    expect(datesOf(hma)).toEqual(['2020-01-05', '2020-01-06']);
  });

  it('KAMA(2) of 10, 11, 10, 12: seed 10.5; ER 0 then 1/3', () => {
    // day 3: ER = |10 − 10| ÷ (1 + 1) = 0, SC = (2/31)² = 4/961, KAMA = 10.5 − 2/961 = 10.497918…
    // day 4: ER = |12 − 11| ÷ (1 + 2) = 1/3, SC = (56/279 + 18/279)² = 5476/77841,
    //        KAMA = 10.497918… + SC·(12 − 10.497918…) = 10.603588…
    expect(valuesOf(movingAverage('KAMA', closes(10, 11, 10, 12), 2))).toEqual(['10.5000', '10.4979', '10.6036']);
  });

  it('KAMA stays put when prices do not move (ER 0, no division by zero)', () => {
    expect(valuesOf(movingAverage('KAMA', closes(5, 5, 5, 5), 2))).toEqual(['5.0000', '5.0000', '5.0000']);
  });
});

describe('windows and warm-up', () => {
  it('gives priceSize − window + 1 points for the single-pass averages', () => {
    const prices = closes(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
    for (const kind of ['SMA', 'EMA', 'WMA', 'SMMA', 'KAMA'] as const) {
      expect(movingAverage(kind, prices, 4)).toHaveLength(7);
    }
    // DEMA needs 2(n − 1) closes before its first point, TEMA 3(n − 1), HMA n − 1 + ⌊√n⌋ − 1
    expect(movingAverage('DEMA', prices, 4)).toHaveLength(10 - 6);
    expect(movingAverage('TEMA', prices, 4)).toHaveLength(10 - 9);
    expect(movingAverage('HMA', prices, 4)).toHaveLength(10 - 4);
    expect(minimumPrices('TEMA', 4)).toBe(10);
    expect(warmUpLength('HMA', 9)).toBe(8 + 2);
  });

  it('a window of 1 gives the closes back (KAMA aside: its smoothing never exceeds (2/3)²)', () => {
    const prices = closes(3.5, 4.25, 1);
    for (const kind of MOVING_AVERAGE_KINDS.filter((k) => k !== 'KAMA')) {
      expect(valuesOf(movingAverage(kind, prices, 1))).toEqual(['3.5000', '4.2500', '1.0000']);
    }
  });

  it('refuses bad windows and too few prices with messages', () => {
    const prices = closes(1, 2, 3);
    expect(() => movingAverage('SMA', prices, 0)).toThrow('The window size must be a whole number of at least 1');
    expect(() => movingAverage('SMA', prices, 1.5)).toThrow('The window size must be a whole number of at least 1');
    expect(() => movingAverage('SMA', prices, 4)).toThrow(
      'An SMA with window 4 needs at least 4 prices; 3 are available',
    );
    expect(() => movingAverage('TEMA', prices, 2)).toThrow(
      'A TEMA with window 2 needs at least 4 prices; 3 are available',
    );
  });

  it('keeps decimals exact where floats drift', () => {
    // 0.1 + 0.2 + 0.3 = 0.6 exactly; ÷ 3 = 0.2 (floats give 0.20000000000000004)
    expect(valuesOf(simpleMovingAverage(closes(0.1, 0.2, 0.3), 3))).toEqual(['0.2000']);
  });
});

/**
 * An independent implementation in floating point, written straight from the textbook
 * definitions (every window recomputed from scratch, no running sums), for comparison on real
 * closes. Floats differ from the exact decimals in the last digits only.
 */
const reference = {
  sma(x: number[], n: number): Array<number | null> {
    return x.map((_, t) => (t < n - 1 ? null : x.slice(t - n + 1, t + 1).reduce((a, b) => a + b, 0) / n));
  },
  ema(x: Array<number | null>, n: number): Array<number | null> {
    const out: Array<number | null> = [];
    const first = x.findIndex((v) => v !== null);
    const alpha = 2 / (n + 1);
    for (let t = 0; t < x.length; t++) {
      if (first < 0 || t < first + n - 1) out.push(null);
      else if (t === first + n - 1) out.push((x.slice(first, t + 1) as number[]).reduce((a, b) => a + b, 0) / n);
      else out.push(alpha * (x[t] as number) + (1 - alpha) * (out[t - 1] as number));
    }
    return out;
  },
  wma(x: Array<number | null>, n: number): Array<number | null> {
    return x.map((_, t) => {
      if (t < n - 1 || x.slice(t - n + 1, t + 1).some((v) => v === null)) return null;
      let sum = 0;
      for (let j = 1; j <= n; j++) sum += j * (x[t - n + j] as number);
      return sum / ((n * (n + 1)) / 2);
    });
  },
  smma(x: number[], n: number): Array<number | null> {
    const out: Array<number | null> = [];
    for (let t = 0; t < x.length; t++) {
      if (t < n - 1) out.push(null);
      else if (t === n - 1) out.push(x.slice(0, n).reduce((a, b) => a + b, 0) / n);
      else out.push(((out[t - 1] as number) * (n - 1) + (x[t] as number)) / n);
    }
    return out;
  },
  kama(x: number[], n: number): Array<number | null> {
    const out: Array<number | null> = [];
    const fast = 2 / 3;
    const slow = 2 / 31;
    for (let t = 0; t < x.length; t++) {
      if (t < n - 1) out.push(null);
      else if (t === n - 1) out.push(x.slice(0, n).reduce((a, b) => a + b, 0) / n);
      else {
        let noise = 0;
        for (let i = t - n + 1; i <= t; i++) noise += Math.abs((x[i] as number) - (x[i - 1] as number));
        const er = noise === 0 ? 0 : Math.abs((x[t] as number) - (x[t - n] as number)) / noise;
        const sc = (er * (fast - slow) + slow) ** 2;
        const previous = out[t - 1] as number;
        out.push(previous + sc * ((x[t] as number) - previous));
      }
    }
    return out;
  },
};

function referenceAverage(kind: MovingAverageKind, x: number[], n: number): Array<number | null> {
  const combine = (parts: Array<Array<number | null>>, weights: number[]) =>
    x.map((_, t) =>
      parts.some((p) => p[t] === null)
        ? null
        : parts.reduce((sum, p, i) => sum + (weights[i] as number) * (p[t] as number), 0),
    );
  switch (kind) {
    case 'SMA':
      return reference.sma(x, n);
    case 'EMA':
      return reference.ema(x, n);
    case 'WMA':
      return reference.wma(x, n);
    case 'SMMA':
      return reference.smma(x, n);
    case 'KAMA':
      return reference.kama(x, n);
    case 'DEMA': {
      const e1 = reference.ema(x, n);
      return combine([e1, reference.ema(e1, n)], [2, -1]);
    }
    case 'TEMA': {
      const e1 = reference.ema(x, n);
      const e2 = reference.ema(e1, n);
      return combine([e1, e2, reference.ema(e2, n)], [3, -3, 1]);
    }
    case 'HMA': {
      const raw = combine([reference.wma(x, Math.max(1, Math.floor(n / 2))), reference.wma(x, n)], [2, -1]);
      return reference.wma(raw, Math.max(1, Math.floor(Math.sqrt(n))));
    }
  }
}

describe('against an independent float implementation on real closes', () => {
  // RELIANCE EQ closes of the 307 legacy bhavcopies (2019-01-01 .. 2020-03-31)
  const folder = new URL('../../../../shared/data/nse/bhavcopy/legacy/', import.meta.url);
  const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
  const real: ClosePoint[] = fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.csv'))
    .map((name) => {
      const line = fs
        .readFileSync(new URL(name, folder), 'utf8')
        .split('\n')
        .find((row) => row.startsWith('RELIANCE,EQ,'));
      const cells = (line ?? '').split(',');
      const [day, month, year] = (cells[10] ?? '').split('-');
      const monthNumber = String(MONTHS.indexOf(month ?? '') + 1).padStart(2, '0');
      return { date: `${year}-${monthNumber}-${day}`, close: cells[5] ?? '' };
    })
    .sort((a, b) => (a.date < b.date ? -1 : 1));

  it('reads 307 closes', () => {
    expect(real).toHaveLength(307);
    expect(real[0]?.date).toBe('2019-01-01');
  });

  for (const kind of MOVING_AVERAGE_KINDS) {
    for (const window of [1, 2, 5, 10, 20, 50]) {
      it(`${kind}(${window}) matches to 0.0001`, () => {
        const exact = movingAverage(kind, real, window);
        const floats = referenceAverage(
          kind,
          real.map((p) => Number(p.close)),
          window,
        );
        const expected = floats.map((value, t) => ({ date: real[t]?.date, value })).filter((p) => p.value !== null);
        expect(exact.map((p) => p.date)).toEqual(expected.map((p) => p.date));
        exact.forEach((point, i) => {
          expect(Math.abs(Number(point.value) - (expected[i]?.value as number))).toBeLessThan(0.0001);
        });
      });
    }
  }
});
