/**
 * Pure helpers that turn the analysis data (decimal strings, 'YYYY-MM-DD' dates) into what the
 * charts draw. Prices become numbers only here, for drawing; every figure shown as text keeps its
 * decimal string. Dates stay strings (category axes, or UTC timestamps with UTC labels), so a
 * chart shows the same days under any browser time zone.
 */
import {
  CANDLESTICK_CHART_HEIGHT,
  checkAverageSizes,
  checkClosesAvailable,
  formatRupees,
  LINE_CHART_MAX_TICKS_DESKTOP,
  LINE_CHART_MAX_TICKS_MOBILE,
  SMA_DOT_COLOURS,
} from '@bazaar/shared';
import type { ApexOptions } from '../../../components/chart';

/** The colours of the product's SMA dots, as CSS colours (yellow darkened a little to stay visible on white). */
export const SMA_DOT_CSS: Record<(typeof SMA_DOT_COLOURS)[number], string> = {
  red: '#e03131',
  green: '#2f9e44',
  blue: '#1971c2',
  yellow: '#f2c200',
  brown: '#8d5524',
  pink: '#e64980',
};

export const RISING_COLOUR = '#2f9e44';
export const FALLING_COLOUR = '#e03131';

/**
 * docs/product/company.md#rules: green when the last price exceeds the first, else red (a flat or empty line is red).
 */
export function trendColour(prices: readonly string[]): string {
  if (prices.length < 2) return FALLING_COLOUR;
  return Number(prices[prices.length - 1]) > Number(prices[0]) ? RISING_COLOUR : FALLING_COLOUR;
}

/** At most 8 x-axis labels on desktop, 4 on mobile (docs/product/company.md), never more than the points. */
export function lineTickAmount(points: number, mobile: boolean): number {
  const max = mobile ? LINE_CHART_MAX_TICKS_MOBILE : LINE_CHART_MAX_TICKS_DESKTOP;
  return Math.max(1, Math.min(max, points - 1));
}

/** 'YYYY-MM-DD' → milliseconds at UTC midnight (for the datetime axis, drawn with UTC labels). */
export function utcMillis(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day);
}

/** Line-chart points: x = each day at UTC midnight, y = that day's value (none leaves a gap). */
export function datedPoints(
  dates: readonly string[],
  values: readonly (number | null | undefined)[],
): Array<{ x: number; y: number | null }> {
  return dates.map((date, index) => ({ x: utcMillis(date), y: values[index] ?? null }));
}

export interface CandleInput {
  date: string;
  openPrice: string;
  highPrice: string;
  lowPrice: string;
  closePrice: string;
}

/** ApexCharts candlestick points: x = the day at UTC midnight, y = [open, high, low, close]. */
export function toCandlePoints(
  candles: readonly CandleInput[],
): Array<{ x: number; y: [number, number, number, number] }> {
  return candles.map((candle) => ({
    x: utcMillis(candle.date),
    y: [Number(candle.openPrice), Number(candle.highPrice), Number(candle.lowPrice), Number(candle.closePrice)],
  }));
}

export const CANDLE_HEIGHT = CANDLESTICK_CHART_HEIGHT;

/**
 * The closes the SMA chart draws beside the average: the last `priceSize` closes (the ones the
 * average is computed over), aligned to the average's dates by day.
 */
export function alignAverageToCloses(
  closes: readonly { date: string; closePrice: string }[],
  average: readonly { date: string; value: string }[],
  priceSize: number,
): { dates: string[]; closes: number[]; average: Array<number | null> } {
  const window = closes.slice(-priceSize);
  const byDate = new Map(average.map((point) => [point.date, Number(point.value)]));
  return {
    dates: window.map((candle) => candle.date),
    closes: window.map((candle) => Number(candle.closePrice)),
    average: window.map((candle) => byDate.get(candle.date) ?? null),
  };
}

/** The sizes the SMA inputs start with: 100 closes (or all there are) and a 20-day window (or less). */
export function defaultAverageSizes(available: number): { priceSize: number; windowSize: number } {
  const priceSize = Math.max(1, Math.min(100, available));
  return { priceSize, windowSize: Math.max(1, Math.min(20, priceSize)) };
}

/**
 * Checks the average inputs before asking the server, by the same shared rule the server applies
 * (shared/src/market/average-sizes.ts), with its messages. Answers the message or null.
 */
export function averageInputsProblem(
  symbol: string,
  priceSize: number | string,
  windowSize: number | string,
  available: number,
): string | null {
  const sizes = checkAverageSizes(priceSize, windowSize);
  if ('message' in sizes) return sizes.message;
  return checkClosesAvailable(symbol, sizes.priceSize, available)?.message ?? null;
}

/** Axis label of a price: 2 decimals; nothing for the undefined or NaN ApexCharts passes on edges. */
export function priceLabel(value: number | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? value.toFixed(2) : '';
}

/** The price axis and tooltip of every line chart of closes: 2-decimal labels, rupees, dated tooltips. */
export const PRICE_LINE_OPTIONS: Pick<ApexOptions, 'yaxis' | 'tooltip'> = {
  yaxis: { labels: { formatter: priceLabel } },
  tooltip: {
    x: { format: 'dd MMM yyyy' },
    y: { formatter: (value: number) => (Number.isFinite(value) ? formatRupees(value) : '') },
  },
};

/** A corporate action as the charts mark it: its ex-date, what it was understood as, and its label. */
export interface ChartEventInput {
  exDate: string | null;
  kind: string;
  label: string | null;
}

/** One ex-date marked on a chart, with the labels of its events ("Bonus 1:1 · Dividend ₹4"). */
export interface ExDateMark {
  date: string;
  label: string;
  /** True when a split, bonus or consolidation falls on the day (prices before it are adjusted). */
  adjusting: boolean;
}

export const ADJUSTING_MARK_COLOUR = '#e8590c';
export const DIVIDEND_MARK_COLOUR = '#1971c2';

/**
 * The ex-dates to mark between `first` and `last` (inclusive), oldest first: splits, bonuses,
 * consolidations and dividends with an ex-date and a label (docs/product/company.md#adjusted-prices).
 * An action listed for several series, or a label repeated on the day, is marked once.
 */
export function exDateMarks(events: readonly ChartEventInput[], first?: string, last?: string): ExDateMark[] {
  if (!first || !last) return [];
  const byDate = new Map<string, { labels: string[]; adjusting: boolean }>();
  for (const event of events) {
    if (!event.exDate || !event.label || event.kind === 'OTHER') continue;
    if (event.exDate < first || event.exDate > last) continue;
    const onExDate = byDate.get(event.exDate) ?? { labels: [], adjusting: false };
    if (!onExDate.labels.includes(event.label)) onExDate.labels.push(event.label);
    onExDate.adjusting ||= event.kind !== 'DIVIDEND';
    byDate.set(event.exDate, onExDate);
  }
  return [...byDate.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, onExDate]) => ({ date, label: onExDate.labels.join(' · '), adjusting: onExDate.adjusting }));
}

/** ApexCharts x-axis annotations of the marks: a dashed line on the ex-date with the label. */
export function exDateAnnotations(marks: readonly ExDateMark[], mobile: boolean): ApexOptions['annotations'] {
  return {
    xaxis: marks.map((mark) => {
      const colour = mark.adjusting ? ADJUSTING_MARK_COLOUR : DIVIDEND_MARK_COLOUR;
      return {
        x: utcMillis(mark.date),
        strokeDashArray: 4,
        borderColor: colour,
        label: {
          text: mark.label,
          borderColor: colour,
          orientation: 'vertical',
          style: { color: '#fff', background: colour, fontSize: mobile ? '9px' : '10px' },
        },
      };
    }),
  };
}
