/** About: what Bazaar Insight is, for whom, where its data comes from, and where to go next. */
import { Link } from 'react-router-dom';
import { Button, Group, Stack, Title } from '@mantine/core';
import { LegalLinks } from '../../../components/legal-links';
import { usePageTitle } from '../../../components/page-title';
import { AboutDemoMarket, DEMO_MARKET_TITLE, useMarketDataStatus } from '../../../components/market-data';
import { TextPage, type TextSection } from '../components/text-page';

/** Said first while the generated demo market is loaded (docs/product/common.md#honest-data). */
const DEMO_SECTION: TextSection = {
  heading: DEMO_MARKET_TITLE,
  body: (
    <p data-testid="about-demo-market">
      <AboutDemoMarket />
    </p>
  ),
};

const SECTIONS: TextSection[] = [
  {
    heading: 'For investors',
    body: (
      <p>
        Follow daily prices of NSE-listed companies, see which stocks are making new highs and lows over a week, a
        month, a quarter, half a year and a year, and study a company’s price history, moving averages, corporate
        actions and results. With a free account you can record your holdings per broker and segment and see your profit
        and loss after every brokerage charge.
      </p>
    ),
  },
  {
    heading: 'Where the data comes from',
    body: (
      <p>
        Our staff load the exchange’s published files (daily price files, the equity list, corporate actions, financial
        results) and keep the brokerage charges up to date. Trend lists and moving averages are computed from those
        prices with exact decimal arithmetic.
      </p>
    ),
  },
  {
    heading: 'Information, not advice',
    body: (
      <p>
        Bazaar Insight helps you look at the market; it does not tell you what to buy or sell. Read <LegalLinks />.
      </p>
    ),
  },
];

export default function AboutPage() {
  usePageTitle('About');
  const status = useMarketDataStatus();
  return (
    <TextPage
      title="About Bazaar Insight"
      note="Prices, trends, company analysis and your portfolio for the Indian stock market, in one place."
      sections={status?.demo ? [DEMO_SECTION, ...SECTIONS] : SECTIONS}
      after={
        <Stack gap="xs" component="section" aria-labelledby="about-contact">
          <Title order={2} size="h3" id="about-contact">
            Get in touch
          </Title>
          <Group>
            <Button component={Link} to="/contact" variant="light">
              Contact Us
            </Button>
            <Button component={Link} to="/subscribe" variant="default">
              Subscription plans
            </Button>
          </Group>
        </Stack>
      }
      testId="about-page"
    />
  );
}
