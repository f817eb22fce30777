/**
 * The calendar of the trading-day picker (docs/product/market.md#any-day): Mantine's date picker with dayjs, loaded
 * only when the picker is opened, or when the pointer or focus reaches it (docs/decisions.md#a-date-picker-on-demand).
 * It enables only the days with uploaded prices and opens on the month of the day shown.
 */
import { useMemo } from 'react';
import { DatePicker } from '@mantine/dates';
import '@mantine/dates/styles.css';

export interface TradeDateCalendarProps {
  /** The trading days with prices, ascending (YYYY-MM-DD). */
  tradeDates: readonly string[];
  /** The trading day shown (YYYY-MM-DD). */
  value: string;
  /** A trading day was picked (YYYY-MM-DD). */
  onPick: (tradeDate: string) => void;
}

export default function TradeDateCalendar({ tradeDates, value, onPick }: TradeDateCalendarProps) {
  const known = useMemo(() => new Set(tradeDates), [tradeDates]);
  return (
    <DatePicker
      value={value}
      defaultDate={value}
      onChange={(picked) => {
        if (picked) onPick(String(picked).slice(0, 10));
      }}
      minDate={tradeDates[0]}
      maxDate={tradeDates[tradeDates.length - 1]}
      excludeDate={(date) => !known.has(date.slice(0, 10))}
      ariaLabels={{ previousMonth: 'Previous month', nextMonth: 'Next month' }}
      hideOutsideDates
    />
  );
}
