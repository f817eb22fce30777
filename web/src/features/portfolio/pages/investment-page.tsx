/**
 * Investment (/investment/:brokerTitle, the firm's name; docs/product/portfolio.md#investment): header '{firm}
 * Investments', a card per segment with the investor's totals at this firm, a back button, and alerts computed from
 * this firm's holdings. Clicking a segment opens its holdings at /holdings/{firm}/{segment}.
 */
import { useNavigate, useParams } from 'react-router-dom';
import { Alert, Button, Card, Group, SimpleGrid, Stack, Title, UnstyledButton } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useInvestmentPageQuery } from '../../../__generated__/graphql';
import { usePageTitle } from '../../../components/page-title';
import { QueryGate } from '../../../components/query-gate';
import { AlertCards } from '../components/alert-cards';
import { NamedTotals, TotalsList } from '../components/totals';
import { holdingsAddress } from './holdings-address';

export default function InvestmentPage() {
  // the route's parameter and the query's argument keep their public names (docs/engineering.md#glossary)
  const { brokerTitle: firmName = '' } = useParams();
  const navigate = useNavigate();
  usePageTitle(`${firmName} Investments`);
  const { data, loading, error, refetch } = useInvestmentPageQuery({
    variables: { brokerName: firmName },
    fetchPolicy: 'cache-and-network',
  });
  const firm = data?.portfolioSummary.firms.find(
    (candidate) => candidate.brokerageFirm.name.toLowerCase() === firmName.toLowerCase(),
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} size="h2" data-testid="investment-title">
          {firmName} Investments
        </Title>
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => navigate(-1)}>
          Back
        </Button>
      </Group>
      <QueryGate
        query={{ data, loading, error, refetch }}
        loadingLabel="Loading investments"
        errorTitle="Your investments could not be loaded"
        errorTestId="investment-error"
      >
        {() =>
          !firm ? (
            <Alert color="yellow">There is no brokerage firm named “{firmName}”.</Alert>
          ) : (
            <>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
                {firm.segments.map(({ segment, totals }) => (
                  <Card key={segment.id} withBorder radius="md" padding={0} data-testid="segment-card">
                    <UnstyledButton
                      p="md"
                      aria-label={segment.name}
                      onClick={() => navigate(holdingsAddress(firm.brokerageFirm.name, segment.name))}
                    >
                      <NamedTotals name={segment.name} totals={totals} />
                    </UnstyledButton>
                  </Card>
                ))}
              </SimpleGrid>
              <Card withBorder radius="md" padding="md">
                <Title order={3} size="h5" mb="xs">
                  {firm.brokerageFirm.name}: all segments
                </Title>
                <TotalsList totals={firm.totals} testId="firm-totals" />
              </Card>
              <AlertCards alerts={data?.portfolioAlerts} />
            </>
          )
        }
      </QueryGate>
    </Stack>
  );
}
