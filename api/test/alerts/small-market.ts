/**
 * A made-up market for the alerts tests, uploaded as legacy bhavcopies through the staff upload route (the path
 * an upload really takes: commit, analysis refresh, the alert job queued, the answer). Each day's high is the
 * close + 1 and its low the close − 1, unless given. Five days 2025-01-06..10, then D = 2025-01-13:
 *   ALPHA  100 101 102 103 104 → 110: crosses above 105 (prev 104); +5.77 % (6 ÷ 104); high 111 > every earlier
 *          high (max 105): a new high of every period; 0.90 % below its 12-month high 111 ((111 − 110) ÷ 111)
 *   BETA    50  49  48  47  46 →  45: crosses below 45.5 (prev 46); −2.17 %; low 44 < every earlier low (min 45);
 *          2.27 % above its 12-month low 44 ((45 − 44) ÷ 44)
 *   GAMMA  200 198 196 190 182 → 178: held 10 at ₹200: stop-loss 10 % is ₹180, prev 182 > 180 ≥ 178: fires;
 *          target 20 % is ₹240: no; −2.20 %; low 177 < every earlier low (181): new lows
 *   QUIET   70  72  68  71  70 → 70.5 with high 71 and low 70: inside the earlier range (67..73), no list, +0.71 %
 */
import { expect } from 'vitest';
import type { TestApi } from '../setup/test-api.js';
import { upload, LEGACY_BHAVCOPY_HEADER } from '../uploads/helpers.js';

export const EARLIER_DAYS = ['2025-01-06', '2025-01-07', '2025-01-08', '2025-01-09', '2025-01-10'];
export const D = '2025-01-13';

const CLOSES: Record<string, number[]> = {
  ALPHA: [100, 101, 102, 103, 104, 110],
  BETA: [50, 49, 48, 47, 46, 45],
  GAMMA: [200, 198, 196, 190, 182, 178],
  QUIET: [70, 72, 68, 71, 70, 70.5],
};
/** Days whose high and low are not close ± 1. */
const RANGES: Record<string, { high: number; low: number }> = { 'QUIET 2025-01-13': { high: 71, low: 70 } };

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** 2025-01-13 → 13-JAN-2025 (the legacy TIMESTAMP) and 13JAN2025 (its file name). */
export function legacyStamp(date: string): { timestamp: string; file: string } {
  const [year, month, day] = date.split('-') as [string, string, string];
  const name = MONTHS[Number(month) - 1]!;
  return { timestamp: `${day}-${name}-${year}`, file: `${day}${name}${year}.csv` };
}

/** One legacy bhavcopy line. */
export function bhavcopyLine(
  symbol: string,
  date: string,
  close: number,
  high = close + 1,
  low = close - 1,
  volume = 1000,
): string {
  return `${symbol},EQ,${close},${high},${low},${close},${close},${close},${volume},${close * volume},${legacyStamp(date).timestamp},10,INE000000000,`;
}

export function dayFile(date: string, lines: string[]): { name: string; text: string } {
  return { name: legacyStamp(date).file, text: [LEGACY_BHAVCOPY_HEADER, ...lines].join('\n') };
}

/** The file of day `index` (0..5) of the small market. */
export function smallMarketDay(index: number): { name: string; text: string } {
  const date = [...EARLIER_DAYS, D][index]!;
  return dayFile(
    date,
    Object.entries(CLOSES).map(([symbol, closes]) => {
      const range = RANGES[`${symbol} ${date}`];
      return bhavcopyLine(symbol, date, closes[index]!, range?.high, range?.low);
    }),
  );
}

export async function uploadPrices(api: TestApi, staff: string, file: { name: string; text: string }) {
  const answer = await upload(api, staff, 'UPLOAD_STOCK_PRICE', file.name, file.text);
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}

/** The five earlier days (D not yet). */
export async function loadEarlierDays(api: TestApi, staff: string): Promise<void> {
  for (let index = 0; index < EARLIER_DAYS.length; index++) await uploadPrices(api, staff, smallMarketDay(index));
}

export const CORPORATE_ACTIONS_HEADER =
  '"SYMBOL","COMPANY NAME","SERIES","PURPOSE","FACE VALUE","EX-DATE","RECORD DATE","BOOK CLOSURE START DATE","BOOK CLOSURE END DATE"';

/** A corporate-actions export line (ex-date as NSE writes it: 16-Jan-2025). */
export function corporateActionLine(symbol: string, purpose: string, exDate: string): string {
  const [year, month, day] = exDate.split('-') as [string, string, string];
  const stamp = `${day}-${MONTHS[Number(month) - 1]!.charAt(0)}${MONTHS[Number(month) - 1]!.slice(1).toLowerCase()}-${year}`;
  return `"${symbol}","${symbol} Limited","EQ","${purpose}","10","${stamp}","${stamp}","-","-"`;
}
