/**
 * The calendar of the trading-day picker (docs/product/market.md#any-day): Mantine's date picker with dayjs, loaded
 * only when the picker is opened, or when the pointer or focus reaches it (docs/decisions.md#a-date-picker-on-demand).
 * It enables only the days with uploaded prices and opens on the month of the day shown.
 */
import { useMemo } from 'react';
import { DatePicker } from '@mantine/dates';
import '@mantine/dates/styles.css';

export interface TradingDayCalendarProps {
  /** The trading days with prices, ascending (YYYY-MM-DD). */
  days: readonly string[];
  /** The day shown (YYYY-MM-DD). */
  value: string;
  /** A day was picked (YYYY-MM-DD). */
  onPick: (day: string) => void;
}

export default function TradingDayCalendar({ days, value, onPick }: TradingDayCalendarProps) {
  const known = useMemo(() => new Set(days), [days]);
  return (
    <DatePicker
      value={value}
      defaultDate={value}
      onChange={(day) => {
        if (day) onPick(String(day).slice(0, 10));
      }}
      minDate={days[0]}
      maxDate={days[days.length - 1]}
      excludeDate={(day) => !known.has(day.slice(0, 10))}
      ariaLabels={{ previousMonth: 'Previous month', nextMonth: 'Next month' }}
      hideOutsideDates
    />
  );
}
