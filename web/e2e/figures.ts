/**
 * What the journeys expect to see, worked out here apart from the app's code: prices in integer
 * paise, ₹ with Indian grouping, the screens' dates, and closes read straight from the real legacy
 * bhavcopies.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BHAVCOPY_DIR } from './harness';

/** "635.05" → 63505, "-1.5" → -150 (prices have at most 2 decimals). */
export function toPaise(text: string): number {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const paise = Number(whole) * 100 + Number((fraction + '00').slice(0, 2));
  return negative ? -paise : paise;
}

/** Hundredths as "-1,234.56" (Indian grouping: the last three digits, then pairs). */
export function hundredths(value: number): string {
  const absolute = Math.abs(value);
  const digits = String(Math.floor(absolute / 100));
  const grouped =
    digits.length <= 3 ? digits : `${digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${digits.slice(-3)}`;
  const text = `${grouped}.${String(absolute % 100).padStart(2, '0')}`;
  return value < 0 ? `-${text}` : text;
}

/** ₹ with Indian grouping and 2 decimals, from paise: -₹1,234.56. */
export const rupees = (paise: number): string => (paise < 0 ? `-₹${hundredths(-paise)}` : `₹${hundredths(paise)}`);

/** The English name of a month (1 to 12), from the platform's calendar. */
function monthName(month: number): string {
  return new Date(Date.UTC(2000, month - 1, 1)).toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' });
}

/** '2020-03-05' → '05-Mar-2020' (dd-Mmm-yyyy). */
export function marketDate(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}-${monthName(Number(month)).slice(0, 3)}-${year}`;
}

/** '2020-03-05' → '5 March 2020', a calendar day's accessible name. */
export function longDate(day: string): string {
  const [year, month, date] = day.split('-');
  return `${Number(date)} ${monthName(Number(month))} ${year}`;
}

/** A symbol's EQ close in a real legacy bhavcopy (its CLOSE column), as printed there. */
export function bhavcopyClose(file: string, symbol: string): string {
  const lines = fs.readFileSync(path.join(BHAVCOPY_DIR, file), 'utf8').split('\n');
  const header = lines[0]?.split(',') ?? [];
  const line = lines.find((row) => row.startsWith(`${symbol},EQ,`));
  if (!line) throw new Error(`${symbol} is not in ${file}`);
  return line.split(',')[header.indexOf('CLOSE')] as string;
}
