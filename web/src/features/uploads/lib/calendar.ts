/**
 * The month grid of the uploaded-dates calendar, computed on 'YYYY-MM-DD' text and UTC arithmetic
 * only, so a date is never moved by the browser's time zone. Weeks start on Sunday.
 */
export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export interface YearMonth {
  year: number;
  /** 1 to 12. */
  month: number;
}

export interface CalendarDay {
  /** 'YYYY-MM-DD'. */
  date: string;
  day: number;
  inMonth: boolean;
}

function iso(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function daysInMonth({ year, month }: YearMonth): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function yearMonthOf(date: string): YearMonth {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) };
}

export function shiftMonth({ year, month }: YearMonth, by: number): YearMonth {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** Whole weeks (Sunday to Saturday) covering the month, with the neighbouring months' days marked. */
export function monthGrid(target: YearMonth): CalendarDay[][] {
  const firstWeekday = new Date(Date.UTC(target.year, target.month - 1, 1)).getUTCDay();
  const days = daysInMonth(target);
  const cells: CalendarDay[] = [];
  const before = shiftMonth(target, -1);
  const beforeDays = daysInMonth(before);
  for (let index = firstWeekday - 1; index >= 0; index--) {
    const day = beforeDays - index;
    cells.push({ date: iso(before.year, before.month, day), day, inMonth: false });
  }
  for (let day = 1; day <= days; day++) cells.push({ date: iso(target.year, target.month, day), day, inMonth: true });
  const after = shiftMonth(target, 1);
  for (let day = 1; cells.length % 7 !== 0; day++)
    cells.push({ date: iso(after.year, after.month, day), day, inMonth: false });
  const weeks: CalendarDay[][] = [];
  for (let index = 0; index < cells.length; index += 7) weeks.push(cells.slice(index, index + 7));
  return weeks;
}
