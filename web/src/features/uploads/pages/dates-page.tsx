/**
 * Uploaded stock price dates (route `dates`, staff and administrators): the calendar of trading
 * days with uploaded prices. It opens on the current month (today highlighted), or on the month of
 * the latest upload when the current month has none, so the marks are in view.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { exchangeToday } from '@bazaar/shared';
import { useUploadedDatesPageQuery } from '../../../__generated__/graphql';
import { RetryAlert } from '../../../components/retry-alert';
import { usePageTitle } from '../../../components/page-title';
import { PriceDateCalendar } from '../components/price-date-calendar';
import { yearMonthOf, type YearMonth } from '../lib/calendar';

export default function DatesPage() {
  usePageTitle('Uploaded Stock Price Dates');
  const { data, loading, error, refetch } = useUploadedDatesPageQuery();
  const today = exchangeToday();
  const [shown, setShown] = useState<YearMonth | null>(null);

  const counts = useMemo(
    () => new Map((data?.uploadedDateCounts ?? []).map((entry) => [entry.date, entry.rowCount])),
    [data],
  );

  // first view: this month if it has uploads, otherwise the month of the latest upload
  useEffect(() => {
    if (shown || !data) return;
    const thisMonth = today.slice(0, 7);
    const tradeDates = data.uploadedDateCounts.map((entry) => entry.date);
    const latestTradeDate = tradeDates.at(-1);
    setShown(
      yearMonthOf(
        tradeDates.some((tradeDate) => tradeDate.startsWith(thisMonth)) || !latestTradeDate ? today : latestTradeDate,
      ),
    );
  }, [data, shown, today]);

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Uploaded Stock Price Dates
      </Title>
      <Text c="dimmed" size="sm">
        Trading days with stock prices loaded. Hover a marked day to see how many price rows it holds.
      </Text>
      {error && !data && (
        <RetryAlert
          title="The uploaded dates could not be loaded"
          error={error}
          onRetry={() => void refetch()}
          testId="dates-error"
        />
      )}
      {loading && !data && <Loader aria-label="Loading the uploaded dates" />}
      {data && data.uploadedDateCounts.length === 0 && (
        <Alert color="blue" data-testid="dates-empty">
          No stock prices have been uploaded yet. Upload a bhavcopy on the Upload screen and its trading days are marked
          here.
        </Alert>
      )}
      {data && shown && <PriceDateCalendar counts={counts} today={today} shown={shown} onShow={setShown} />}
    </Stack>
  );
}
