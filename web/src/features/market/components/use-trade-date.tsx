/**
 * The trading day a market page shows (docs/product/market.md#any-day) as Stock Prices and Technical Analysis both
 * use it: read from the address and the trading days, with the page's day picker, which writes the day picked into
 * the address.
 */
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTradingDaysQuery } from '../../../__generated__/graphql';
import {
  readTradeDateParam,
  showsPicker,
  tradeDateFromParam,
  tradeDateParams,
  type ShownTradeDate,
} from './trade-date-param';
import { TradeDatePicker } from './trade-date-picker';

export interface PageTradeDate extends ShownTradeDate {
  /** The trading days' query: a page's Retry asks it again when it failed alike. */
  tradingDays: ReturnType<typeof useTradingDaysQuery>;
  /** The day picker, or null when there is no day to pick (none uploaded, or the trading days could not be read). */
  picker: ReactNode;
}

export function usePageTradeDate(pickerTestId: string): PageTradeDate {
  const [searchParams, setSearchParams] = useSearchParams();
  const tradingDays = useTradingDaysQuery({ fetchPolicy: 'cache-and-network' });
  const tradeDates = tradingDays.data?.tradingDays;
  const shown = tradeDateFromParam(readTradeDateParam(searchParams), tradeDates);
  const picker = showsPicker(tradeDates, tradingDays.error) ? (
    <TradeDatePicker
      tradeDates={tradeDates}
      value={shown.tradeDate}
      onChange={(next) => setSearchParams(tradeDateParams(next, shown.latestTradeDate))}
      isLatest={shown.isLatest}
      testId={pickerTestId}
    />
  ) : null;
  return { ...shown, tradingDays, picker };
}
