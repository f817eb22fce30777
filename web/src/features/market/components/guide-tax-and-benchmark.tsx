/**
 * The User Guide's sections on Tax P&L (the rules of docs/product/tax.md#rules with their worked examples), on the
 * comparison with the market, and on beta and correlation (docs/product/home.md#against-the-market). Each has an id
 * the app links to (/guide#tax-pnl, /guide#against-the-market, /guide#beta-and-correlation).
 */
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { Card, Code, List, Stack, Text, Title } from '@mantine/core';

function GuideSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={id} data-testid={`guide-${id}`}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/** An address's #section is scrolled to once the guide is drawn (the router does not). */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
}

export function TaxAndBenchmarkGuide() {
  useScrollToHash();
  return (
    <>
      <GuideSection id="tax-pnl" title="Tax P&L: capital gains on shares">
        <Text size="sm">
          For a resident individual selling listed shares on which STT was paid. A financial year runs from 1 April to
          31 March (FY 2024-25); a sale belongs to the year of its date. Sales are matched first-in, first-out per
          brokerage firm and symbol, whatever lot a hand-entered sale closed in Holdings.
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>
            <b>Intraday</b>: shares bought and sold the same day at the same firm are speculative business income, at
            the day&apos;s average prices, net of every charge (STT included); taxed at your slab rate, apart from
            capital gains.
          </List.Item>
          <List.Item>
            <b>Long term</b> when the sale is after the purchase date plus 12 calendar months. Bought 18-Mar-2019: sold
            18-Mar-2020 is short term, sold 19-Mar-2020 long term. Bought 29-Feb-2020: sold 28-Feb-2021 short term,
            1-Mar-2021 long term.
          </List.Item>
          <List.Item>
            <b>Bonus</b> shares are a lot of their own, cost zero, acquired on the ex-date. 10 HCLTECH bought @₹1,000 on
            15-Jan-2019, bonus 1:1 ex 5-Dec-2019, 15 sold @₹600 on 3-Feb-2020: the original 10 are long term, 6,000 −
            10,000 = −₹4,000; 5 of the bonus lot short term, +₹3,000. (Holdings shows one lot of 20 @₹500 instead.)
          </List.Item>
          <List.Item>
            <b>Grandfathering</b>: a long-term lot bought before 1-Feb-2018 costs max(actual cost, min(fair market
            value, sale value)), the fair market value being the share&apos;s highest price on 31-Jan-2018. FMV ₹500, 10
            shares: bought @600, sold @700 → cost 6,000, gain 1,000; bought @300, sold @700 → cost 5,000, gain 2,000;
            bought @300, sold @400 → cost 4,000, gain 0 (not a loss).
          </List.Item>
          <List.Item>
            <b>Costs</b>: a buy&apos;s charges add to the cost, a sale&apos;s are transfer expenses; STT is neither.
          </List.Item>
          <List.Item>
            <b>Rates</b> by the sale&apos;s date: before 23-Jul-2024 short term 15 %, long term 10 %; from it 20 % and
            12.5 %. Long-term gains are exempt up to ₹1,00,000 a year (₹1,25,000 from FY 2024-25).
          </List.Item>
          <List.Item>
            <b>Set-off</b>: losses first against gains of the same term, then short-term losses against long-term gains
            (never the reverse), each first against the gains taxed at the higher rate; what is left is carried forward.
            FY 2024-25: short term +10,000 (June), +20,000 (August), −5,000; long term +1,00,000 (May), +1,50,000
            (October), −20,000 → tax 10,000 × 15 % + 15,000 × 20 % + 1,00,000 × 10 % + 5,000 × 12.5 % = ₹15,125.
          </List.Item>
        </List>
        <Text size="sm" c="dimmed">
          The estimated tax is before surcharge and cess. An estimate to check, not tax advice.
        </Text>
      </GuideSection>
      <GuideSection id="against-the-market" title="Against the market">
        <Text size="sm">
          The dashboard compares your holdings with NIFTY 50 TRI, the NIFTY 50 with dividends reinvested. An
          index&apos;s value on a date is its latest close on or before it.
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>
            <b>Money-weighted</b>: your XIRR against the XIRR of the same rupees put into the index on the same days
            (each buy buys index units, each sale and dividend sells them).
          </List.Item>
          <List.Item>
            <b>Time-weighted</b>: each day&apos;s return of your holdings chained between cash flows, so the timing of
            your money does not count; the index&apos;s is its value at the end ÷ at the start − 1. The excess return is
            yours minus the index&apos;s, in percentage points.
          </List.Item>
        </List>
      </GuideSection>
      <GuideSection id="beta-and-correlation" title="Beta and correlation">
        <Text size="sm">
          From one year of daily returns: on each trading day of the stock, its return and NIFTY 50&apos;s over the same
          two days (closes adjusted for splits and bonuses). At least 20 such days are needed.
        </Text>
        <Code block style={{ whiteSpace: 'pre-wrap' }}>
          {'beta = cov(stock, index) ÷ var(index)\ncorrelation = cov(stock, index) ÷ (σ stock × σ index)'}
        </Code>
        <Text size="sm">
          A beta of 1.2 means the stock has moved 1.2 % for each 1 % of the index on average; a correlation near 1 that
          it moves with the index, near 0 that it moves on its own. Company Analysis draws the stock and the index
          rebased to 100 at the chart&apos;s first day, so both start at the same point.
        </Text>
      </GuideSection>
    </>
  );
}
