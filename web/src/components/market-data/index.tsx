/**
 * What the market data is (docs/product/common.md#honest-data): the banner shown on every page while the generated
 * demo market is loaded, the About page's sentence about it, and the "as of" note of figures based on the latest
 * closes (the prices' own date, never today's).
 */
import { Link } from 'react-router-dom';
import { Alert, Anchor, Text, type TextProps } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { ROLE_ADMIN, ROLE_STAFF } from '@bazaar/shared';
import { useMarketDataStatusQuery } from '../../__generated__/graphql';
import { useSession } from '../../lib/session';
import { formatMarketDate } from '../../lib/dates';

export const DEMO_MARKET_TITLE = 'Demo market: synthetic companies and prices';

/** The status, fetched once per visit (cache-first): null until it arrives or when the server cannot say. */
export function useMarketDataStatus(): { demo: boolean; latestPriceDate: string | null } | null {
  const { data } = useMarketDataStatusQuery({ fetchPolicy: 'cache-first' });
  return data?.marketDataStatus ?? null;
}

/**
 * Where staff load NSE files: a link to Upload for the roles that may open it, the same word without a link for
 * everyone else (docs/product/common.md#navigation: no link to a page the reader would be refused).
 */
function UploadPlace({ linked, inheritColour }: { linked: boolean; inheritColour?: boolean }) {
  if (!linked) return <>Upload</>;
  return (
    <Anchor component={Link} to="/upload" inherit c={inheritColour ? 'inherit' : undefined}>
      Upload
    </Anchor>
  );
}

/** Whether the reader may open Upload (staff and administrators). */
function useCanUpload(): boolean {
  return useSession().hasAnyRole(ROLE_STAFF, ROLE_ADMIN);
}

/** How real data replaces the demo market, in the banner (short) and on the About page. */
export function DemoMarketExplanation({ short = false, canUpload }: { short?: boolean; canUpload: boolean }) {
  return short ? (
    <>
      Generated, not the exchange’s. For real data start with <code>DEMO_DATA=0</code> and load NSE files under{' '}
      {/* the banner's text colour: teal on its yellow is 4.48:1 */}
      <UploadPlace linked={canUpload} inheritColour /> (
      <Anchor component={Link} to="/about" inherit c="inherit">
        more
      </Anchor>
      ).
    </>
  ) : (
    <>
      The companies, prices, results and corporate actions are generated, not the exchange’s. To use real data, start
      the app with <code>DEMO_DATA=0</code> on an empty data directory and have staff load NSE files (bhavcopies, the
      equity list, corporate actions, results) under <UploadPlace linked={canUpload} />.
    </>
  );
}

export function DemoBanner() {
  const status = useMarketDataStatus();
  const canUpload = useCanUpload();
  if (!status?.demo) return null;
  return <DemoBannerAlert canUpload={canUpload} />;
}

/** The About page's explanation, with the link to Upload for those who may open it. */
export function AboutDemoMarket() {
  return <DemoMarketExplanation canUpload={useCanUpload()} />;
}

/**
 * The banner itself. The served page draws it before the app's script runs (web/src/app/first-paint.tsx), so the
 * app draws the same element, of the same size, in its place (docs/benchmarks.md#page-weight-and-speed).
 */
export function DemoBannerAlert({ canUpload = false }: { canUpload?: boolean }) {
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconFlask aria-hidden />}
      title={DEMO_MARKET_TITLE}
      mb="md"
      py="xs"
      data-testid="demo-banner"
      styles={{ message: { color: 'var(--mantine-color-text)' }, title: { color: 'var(--mantine-color-text)' } }}
    >
      <Text size="sm">
        <DemoMarketExplanation short canUpload={canUpload} />
      </Text>
    </Alert>
  );
}

/** "as of 30-Jun-2025": the trading day of the closes a figure uses; nothing while unknown. */
export function PricesAsOf({ tradeDate, ...props }: TextProps & { tradeDate?: string | null }) {
  const status = useMarketDataStatus();
  const shown = tradeDate ?? status?.latestPriceDate;
  if (!shown) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="prices-as-of" {...props}>
      as of {formatMarketDate(shown)}
    </Text>
  );
}
