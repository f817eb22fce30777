/**
 * The trading-day picker of Stock Prices and Technical Analysis (docs/product/market.md#any-day): a
 * date input whose calendar enables only the days with uploaded prices (the uploads calendar's
 * days, from `tradingDays`), opening on the day shown. Clearing it goes back to the latest day.
 */
import { useMemo } from 'react';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { IconCalendar } from '@tabler/icons-react';

export interface TradingDayPickerProps {
  /** The trading days with prices, ascending (YYYY-MM-DD). */
  days: readonly string[];
  /** The day shown. */
  value: string;
  /** A day picked, or null to go back to the latest. */
  onChange: (day: string | null) => void;
  /** Whether the day shown is the latest (then there is nothing to clear). */
  isLatest: boolean;
  testId?: string;
}

export function TradingDayPicker({ days, value, onChange, isLatest, testId }: TradingDayPickerProps) {
  const known = useMemo(() => new Set(days), [days]);
  return (
    <DatePickerInput
      label="Trading day"
      description="Only days with uploaded prices can be picked"
      data-testid={testId}
      value={value}
      onChange={(day) => onChange(day ? String(day).slice(0, 10) : null)}
      valueFormat="DD-MMM-YYYY"
      minDate={days[0]}
      maxDate={days[days.length - 1]}
      excludeDate={(day) => !known.has(day.slice(0, 10))}
      clearable={!isLatest}
      leftSection={<IconCalendar size={16} />}
      ariaLabels={{ previousMonth: 'Previous month', nextMonth: 'Next month' }}
      hideOutsideDates
      popoverProps={{ withinPortal: true }}
      w={{ base: '100%', xs: 240 }}
    />
  );
}
