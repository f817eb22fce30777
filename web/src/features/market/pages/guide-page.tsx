/**
 * User Guide (docs/product/market.md): the eight moving averages (SMA, EMA, WMA, HMA, SMMA, AMA/KAMA, DEMA,
 * TEMA) with descriptions, formulas and uses; the SMA card's In-depth link opens the detailed SMA
 * article (formula, worked 5-day example, periods table, limitations, SMA vs EMA) with a back arrow.
 * The toggle between overview and article is kept in the URL (?topic=sma), so the browser's Back
 * button and a shared link behave like the on-page back arrow. Below the averages, "Adjusted prices" says how and
 * why prices are adjusted for splits and bonuses, with HDFCBANK's split (docs/product/market.md#adjusted-prices).
 */
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  ActionIcon,
  Anchor,
  Badge,
  Card,
  Code,
  Group,
  List,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { PageHeader } from '../../../components/page-header';
import { usePageTitle } from '../../../components/page-title';
import { Hint } from '../../../components/popup';
import { TaxAndBenchmarkGuide } from '../components/guide-tax-and-benchmark';
import {
  ADJUSTED_PRICES_GUIDE,
  AVERAGE_GUIDES,
  SMA_EXAMPLE,
  SMA_PERIODS,
  type AverageGuide,
} from '../components/guide-content';

function Formula({ lines }: { lines: string[] }) {
  return (
    // wraps instead of scrolling: a scrolled box clipped the formula on phones and could not be reached by keyboard
    <Code block data-testid="guide-formula" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {lines.join('\n')}
    </Code>
  );
}

function AverageCard({ guide, onInDepth }: { guide: AverageGuide; onInDepth?: () => void }) {
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-labelledby={`guide-${guide.kind}`}
      data-testid={`guide-${guide.kind}`}
    >
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap">
          <Badge variant="light">{guide.abbreviation}</Badge>
          <Title order={3} size="h5" id={`guide-${guide.kind}`}>
            {guide.name}
          </Title>
        </Group>
        <Text size="sm">{guide.description}</Text>
        <Formula lines={guide.formula} />
        <Text size="sm">
          <Text span fw={600} inherit>
            Uses:{' '}
          </Text>
          {guide.uses}
        </Text>
        {onInDepth && (
          <Anchor component="button" type="button" size="sm" onClick={onInDepth} style={{ alignSelf: 'flex-start' }}>
            In-depth
          </Anchor>
        )}
      </Stack>
    </Card>
  );
}

function Overview({ onOpenSma }: { onOpenSma: () => void }) {
  return (
    <Stack gap="md" data-testid="guide-overview">
      <PageHeader title="User Guide">
        Moving averages smooth a stock's closing prices so the trend shows through the daily noise. Company Analysis
        draws them over a symbol's prices; here is what each of the eight kinds does. Pₜ is the close of day t and n the
        window (the number of days averaged).
      </PageHeader>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {AVERAGE_GUIDES.map((guide) => (
          <AverageCard key={guide.kind} guide={guide} onInDepth={guide.kind === 'SMA' ? onOpenSma : undefined} />
        ))}
      </SimpleGrid>
      <AdjustedPrices />
      <TaxAndBenchmarkGuide />
    </Stack>
  );
}

function AdjustedPrices() {
  const { example } = ADJUSTED_PRICES_GUIDE;
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-labelledby="guide-adjusted-prices"
      data-testid="guide-adjusted-prices"
    >
      <Stack gap="xs">
        <Title order={2} size="h4" id="guide-adjusted-prices">
          Adjusted prices: splits and bonuses
        </Title>
        <Text size="sm">{ADJUSTED_PRICES_GUIDE.why}</Text>
        <Text size="sm">{ADJUSTED_PRICES_GUIDE.how}</Text>
        <Formula lines={[...ADJUSTED_PRICES_GUIDE.formula]} />
        <Title order={3} size="h5">
          Example: {example.symbol}
        </Title>
        <Text size="sm">
          {example.event}. The close fell from ₹{example.closeBefore} the day before to ₹{example.closeOnExDate} on the
          ex-date.
        </Text>
        <Table withTableBorder striped data-testid="guide-adjusted-example">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>12-month high to 31-Mar-2020</Table.Th>
              <Table.Th>Price and day</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>Raw (as traded, before the split)</Table.Td>
              <Table.Td>
                ₹{example.rawHigh} on {example.rawHighDate}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>That day adjusted (÷ 2)</Table.Td>
              <Table.Td>
                ₹{example.adjustedThatDay} on {example.rawHighDate}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>Adjusted 12-month high (what the product shows)</Table.Td>
              <Table.Td>
                ₹{example.adjustedHigh} on {example.adjustedHighDate}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Text size="sm">{ADJUSTED_PRICES_GUIDE.raw}</Text>
        <Title order={3} size="h5">
          Your holdings
        </Title>
        <Text size="sm" data-testid="guide-adjusted-holdings">
          {ADJUSTED_PRICES_GUIDE.holdings}
        </Text>
      </Stack>
    </Card>
  );
}

function SmaArticle({ onBack }: { onBack: () => void }) {
  const exampleDays = SMA_EXAMPLE.closes.length - 1;
  const top = useRef<HTMLDivElement>(null);
  // the In-depth link sits low on the overview: start the article at its heading
  useEffect(() => {
    top.current?.scrollIntoView?.({ block: 'start' });
  }, []);
  return (
    <Stack gap="md" component="article" data-testid="guide-sma-article" maw={860} ref={top}>
      <Group gap="xs" wrap="nowrap">
        <Hint label="Back" side="bottom">
          <ActionIcon variant="subtle" aria-label="Back" onClick={onBack}>
            <IconArrowLeft size={20} />
          </ActionIcon>
        </Hint>
        <Title order={1} size="h2">
          Simple Moving Average (SMA)
        </Title>
      </Group>
      <Text>
        The simple moving average is the average closing price over a chosen number of days. Each day the newest close
        joins the window and the oldest one leaves it, so the average "moves" with the market and shows the direction of
        the trend without the day-to-day swings.
      </Text>

      <Title order={2} size="h4">
        Formula
      </Title>
      <Formula lines={['SMA = (P₁ + P₂ + … + Pₙ) ÷ n']} />
      <Text size="sm">
        P₁ … Pₙ are the closing prices of the last n trading days and n is the number of days (the period).
      </Text>

      <Title order={2} size="h4">
        A worked 5-day example
      </Title>
      <Table withTableBorder maw={420} data-testid="guide-sma-example">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Day</Table.Th>
            <Table.Th ta="right">Close (₹)</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {SMA_EXAMPLE.closes.slice(0, exampleDays).map((close, index) => (
            <Table.Tr key={SMA_EXAMPLE.dates[index]}>
              <Table.Td>{SMA_EXAMPLE.dates[index]}</Table.Td>
              <Table.Td ta="right">{close}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm">
        5-day SMA on Day 5 = (100 + 102 + 101 + 105 + 107) ÷ 5 = 515 ÷ 5 = <b>₹{SMA_EXAMPLE.firstAverage}</b>.
      </Text>
      <Text size="sm">
        On Day 6 the stock closes at ₹110. Day 1 leaves the window and Day 6 joins it: (102 + 101 + 105 + 107 + 110) ÷ 5
        = 525 ÷ 5 = <b>₹{SMA_EXAMPLE.nextAverage}</b>. The average rose with the prices, but more slowly and smoothly
        than they did.
      </Text>

      <Title order={2} size="h4">
        Which period to use
      </Title>
      <Table withTableBorder data-testid="guide-sma-periods">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Horizon</Table.Th>
            <Table.Th>Periods (days)</Table.Th>
            <Table.Th>Used for</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {SMA_PERIODS.map((row) => (
            <Table.Tr key={row.term}>
              <Table.Td>{row.term}</Table.Td>
              <Table.Td>{row.periods}</Table.Td>
              <Table.Td>{row.use}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm">
        Prices above a rising SMA point to an uptrend, prices below a falling SMA to a downtrend. When a short SMA
        crosses above a long one (the 50-day above the 200-day, a "golden cross") traders read it as a buy signal; the
        opposite crossing (a "death cross") as a sell signal.
      </Text>

      <Title order={2} size="h4">
        Limitations
      </Title>
      <List size="sm" spacing={4}>
        <List.Item>
          It lags: it is built from past prices, so it confirms a trend after it has started and turns after the price
          has.
        </List.Item>
        <List.Item>Every day in the window weighs the same, so an old price counts as much as yesterday's.</List.Item>
        <List.Item>
          A large price leaving the window moves the average as much as one arriving, even when nothing happened that
          day.
        </List.Item>
        <List.Item>In sideways markets the price crosses the average often, giving false signals (whipsaws).</List.Item>
      </List>

      <Title order={2} size="h4">
        SMA vs EMA
      </Title>
      <Table withTableBorder data-testid="guide-sma-vs-ema">
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            <Table.Th>SMA</Table.Th>
            <Table.Th>EMA</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>Weights</Table.Td>
            <Table.Td>Equal for every day in the window</Table.Td>
            <Table.Td>Larger for recent days (α = 2 ÷ (n + 1))</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>Reaction</Table.Td>
            <Table.Td>Slower, smoother</Table.Td>
            <Table.Td>Faster, follows turns sooner</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>False signals</Table.Td>
            <Table.Td>Fewer</Table.Td>
            <Table.Td>More, in choppy markets</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>Suited to</Table.Td>
            <Table.Td>Long-term trends, support and resistance</Table.Td>
            <Table.Td>Short-term trading and quick signals</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Group>
        <Anchor component="button" type="button" size="sm" onClick={onBack}>
          Back to the guide
        </Anchor>
      </Group>
    </Stack>
  );
}

export default function GuidePage() {
  const [params, setParams] = useSearchParams();
  const showSma = params.get('topic') === 'sma';
  usePageTitle(showSma ? 'Simple Moving Average · User Guide' : 'User Guide');
  return showSma ? (
    <SmaArticle onBack={() => setParams({})} />
  ) : (
    <Overview onOpenSma={() => setParams({ topic: 'sma' })} />
  );
}
