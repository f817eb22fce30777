/**
 * The trading-day picker of Stock Prices and Technical Analysis (docs/product/market.md#any-day): a button that
 * shows the day (dd-Mmm-yyyy) and opens a calendar enabling only the days with uploaded prices, on the day shown's
 * month. Clearing it goes back to the latest day. The calendar (Mantine's date picker and dayjs) is a module of its
 * own, loaded when the picker is opened or when the pointer or focus reaches it, so the page does not wait for it
 * (docs/decisions.md#a-date-picker-on-demand); the dropdown opens once it is there, so focus moves into it as before.
 * While the trading days load it is drawn disabled, so the page below does not move when they arrive.
 */
import { useState, type ComponentType } from 'react';
import { Input, InputBase, Popover, Text } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { formatMarketDate } from '../../../lib/dates';
import type { TradeDateCalendarProps } from './trade-date-calendar.deferred';

export interface TradeDatePickerProps {
  /** The trading days with prices, ascending (YYYY-MM-DD); undefined while they load (the button is disabled). */
  tradeDates: readonly string[] | undefined;
  /** The trading day shown; null while it is not known yet. */
  value: string | null;
  /** A trading day picked, or null to go back to the latest. */
  onChange: (tradeDate: string | null) => void;
  /** Whether the trading day shown is the latest (then there is nothing to clear). */
  isLatest: boolean;
  testId?: string;
}

type Calendar = ComponentType<TradeDateCalendarProps>;

/** The calendar once loaded (for the rest of the visit), and the load under way. */
let loadedCalendar: Calendar | undefined;
let loadingCalendar: Promise<Calendar> | undefined;

function loadCalendar(): Promise<Calendar> {
  loadingCalendar ??= import('./trade-date-calendar.deferred').then(
    (module) => (loadedCalendar = module.default),
    (error: unknown) => {
      // a failed chunk load (offline, a new deployment): the next attempt asks again
      loadingCalendar = undefined;
      throw error;
    },
  );
  return loadingCalendar;
}

function preloadCalendar() {
  loadCalendar().catch(() => undefined);
}

export function TradeDatePicker({ tradeDates, value, onChange, isLatest, testId }: TradeDatePickerProps) {
  const [opened, setOpened] = useState(false);
  const [Calendar, setCalendar] = useState<Calendar | undefined>(() => loadedCalendar);
  const [failed, setFailed] = useState(false);

  const ready = tradeDates !== undefined && tradeDates.length > 0 && value !== null;

  function toggle() {
    if (opened) return setOpened(false);
    if (!ready) return;
    loadCalendar().then(
      (loaded) => {
        setFailed(false);
        setCalendar(() => loaded);
        setOpened(true);
      },
      () => setFailed(true),
    );
  }

  return (
    <Popover
      opened={opened && Calendar !== undefined}
      onChange={setOpened}
      position="bottom-start"
      trapFocus
      returnFocus
      withinPortal
    >
      <Popover.Target>
        <InputBase
          component="button"
          type="button"
          pointer
          label="Trading day"
          description="Only days with uploaded prices can be picked"
          error={failed ? 'The calendar could not be loaded. Please try again.' : undefined}
          data-testid={testId}
          disabled={!ready}
          onClick={toggle}
          onPointerEnter={preloadCalendar}
          onFocus={preloadCalendar}
          leftSection={<IconCalendar size={16} />}
          rightSection={
            isLatest || !ready ? undefined : (
              <Input.ClearButton aria-label="Back to the latest trading day" onClick={() => onChange(null)} />
            )
          }
          w={{ base: '100%', xs: 240 }}
        >
          <Text component="span" size="sm">
            {formatMarketDate(value)}
          </Text>
        </InputBase>
      </Popover.Target>
      <Popover.Dropdown>
        {Calendar && ready && (
          <Calendar
            tradeDates={tradeDates}
            value={value}
            onPick={(tradeDate) => {
              setOpened(false);
              onChange(tradeDate);
            }}
          />
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
