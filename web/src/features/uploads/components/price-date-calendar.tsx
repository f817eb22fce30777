/**
 * The uploaded-dates calendar of docs/product/uploads.md#screens: month and year navigation, a weekday header,
 * today highlighted, days with uploaded prices marked; hovering a marked day shows how many
 * price rows it holds. Dates are compared as 'YYYY-MM-DD' text (no time-zone shifts).
 */
import { useMemo } from 'react';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Select,
  Stack,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { formatCount, formatMarketDate } from '@bazaar/shared';
import { MONTH_NAMES, WEEKDAYS, monthGrid, shiftMonth, yearMonthOf, type YearMonth } from '../lib/calendar';
import classes from './price-date-calendar.module.css';

export interface PriceDateCalendarProps {
  /** Rows per uploaded trading day. */
  counts: ReadonlyMap<string, number>;
  /** Today in the exchange's time zone, 'YYYY-MM-DD'. */
  today: string;
  shown: YearMonth;
  onShow: (month: YearMonth) => void;
}

export function PriceDateCalendar({ counts, today, shown, onShow }: PriceDateCalendarProps) {
  const weeks = useMemo(() => monthGrid(shown), [shown]);
  const tradeDates = useMemo(() => [...counts.keys()].sort(), [counts]);
  const uploadsThisMonth = weeks.flat().filter((day) => day.inMonth && counts.has(day.date)).length;
  const years = useMemo(() => {
    const todayYear = yearMonthOf(today).year;
    const first = tradeDates[0] ? Math.min(yearMonthOf(tradeDates[0]).year, todayYear) : todayYear;
    const last =
      tradeDates.length > 0 ? Math.max(yearMonthOf(tradeDates[tradeDates.length - 1]!).year, todayYear) : todayYear;
    const list: string[] = [];
    for (let year = Math.min(first, shown.year) - 1; year <= Math.max(last, shown.year) + 1; year++)
      list.push(String(year));
    return list;
  }, [tradeDates, today, shown.year]);
  const latestTradeDate = tradeDates[tradeDates.length - 1];

  return (
    <Card withBorder padding="lg" radius="md" maw={560} data-testid="price-date-calendar">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Tooltip label="Previous month">
            <ActionIcon variant="light" aria-label="Previous month" onClick={() => onShow(shiftMonth(shown, -1))}>
              <IconChevronLeft size={18} />
            </ActionIcon>
          </Tooltip>
          <Group gap="xs" wrap="nowrap">
            <Select
              aria-label="Month"
              data={MONTH_NAMES.map((name, index) => ({ value: String(index + 1), label: name }))}
              value={String(shown.month)}
              onChange={(value) => value && onShow({ year: shown.year, month: Number(value) })}
              allowDeselect={false}
              w={140}
            />
            <Select
              aria-label="Year"
              data={years}
              value={String(shown.year)}
              onChange={(value) => value && onShow({ year: Number(value), month: shown.month })}
              allowDeselect={false}
              w={100}
            />
          </Group>
          <Tooltip label="Next month">
            <ActionIcon variant="light" aria-label="Next month" onClick={() => onShow(shiftMonth(shown, 1))}>
              <IconChevronRight size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Title order={2} size="h4" ta="center" data-testid="calendar-title">
          {MONTH_NAMES[shown.month - 1]} {shown.year}
        </Title>
        <Box
          component="table"
          className={classes.grid}
          role="grid"
          aria-label={`${MONTH_NAMES[shown.month - 1]} ${shown.year}`}
        >
          <thead>
            <tr>
              {WEEKDAYS.map((weekday) => (
                <th key={weekday} scope="col" className={classes.weekday}>
                  {weekday}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week[0]!.date}>
                {week.map((day) => {
                  const rows = counts.get(day.date);
                  const uploaded = rows !== undefined;
                  const isToday = day.date === today;
                  const label = uploaded ? `${formatCount(rows)} price rows uploaded` : 'No prices uploaded';
                  const cell = (
                    <div
                      className={classes.day}
                      data-date={day.date}
                      data-outside={!day.inMonth || undefined}
                      data-uploaded={uploaded || undefined}
                      data-today={isToday || undefined}
                      aria-label={`${formatMarketDate(day.date)}: ${label}${isToday ? ' (today)' : ''}`}
                    >
                      {day.day}
                    </div>
                  );
                  return (
                    <td key={day.date} role="gridcell" aria-selected={uploaded}>
                      {uploaded ? (
                        <Tooltip label={`${formatMarketDate(day.date)}: ${label}`} withArrow>
                          {cell}
                        </Tooltip>
                      ) : (
                        cell
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </Box>
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Badge variant="filled" color="teal" size="sm" circle />
            <Text size="sm">prices uploaded</Text>
            <Badge variant="outline" color="blue" size="sm" circle />
            <Text size="sm">today</Text>
          </Group>
          <Text size="sm" c="dimmed" data-testid="calendar-month-count">
            {uploadsThisMonth} trading {uploadsThisMonth === 1 ? 'day' : 'days'} this month
          </Text>
        </Group>
        <Group gap="xs">
          <Button variant="subtle" size="xs" onClick={() => onShow(yearMonthOf(today))}>
            Today
          </Button>
          {latestTradeDate && (
            <UnstyledButton onClick={() => onShow(yearMonthOf(latestTradeDate))}>
              <Text size="xs" c="blue">
                Latest upload: {formatMarketDate(latestTradeDate)}
              </Text>
            </UnstyledButton>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
