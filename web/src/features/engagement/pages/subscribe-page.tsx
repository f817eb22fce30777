/**
 * User subscription (docs/product/engagement.md#user-subscription): a card per plan (name, price in rupees,
 * description, duration in days, Subscribe button; clicking the card subscribes too) and a Refer button to /referral.
 * Logged-in users also see their active plan and the day it ends; visitors who subscribe are sent to
 * log in first and come back here. No payment is taken (docs/product/engagement.md#rules).
 */
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Alert, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { ROLE_ADMIN, formatRupees } from '@bazaar/shared';
import {
  useMySubscriptionQuery,
  useSubscribeMutation,
  useSubscribePageQuery,
  type SubscriptionPlanFieldsFragment,
} from '../../../__generated__/graphql';
import { RetryAlert } from '../../../components/retry-alert';
import { usePageTitle } from '../../../components/page-title';
import { ResultAlert } from '../../../components/result-alert';
import { errorMessage } from '../../../lib/errors';
import { formatMarketDate } from '../../../lib/dates';
import { useSession } from '../../../lib/session';
import type { LoginRedirectState } from '../../../app/guards';

export default function SubscribePage() {
  usePageTitle('Subscribe');
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const plans = useSubscribePageQuery();
  const mine = useMySubscriptionQuery({ skip: !session.isLoggedIn, fetchPolicy: 'network-only' });
  const [subscribe, { loading: subscribing }] = useSubscribeMutation();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function choose(plan: SubscriptionPlanFieldsFragment) {
    if (subscribing) return;
    if (!session.isLoggedIn) {
      navigate('/login', { state: { from: location.pathname, reason: 'login-required' } satisfies LoginRedirectState });
      return;
    }
    setMessage(null);
    try {
      const { data } = await subscribe({ variables: { input: { planId: plan.id } } });
      const period = data?.subscribe;
      setMessage({
        ok: true,
        text: period
          ? `Subscribed to ${period.planName} from ${formatMarketDate(period.startDate)} to ${formatMarketDate(period.endDate)}.`
          : 'Subscribed.',
      });
      await mine.refetch();
    } catch (error) {
      setMessage({ ok: false, text: errorMessage(error) });
    }
  }

  const active = mine.data?.mySubscription;
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Subscription Plans
          </Title>
          <Text c="dimmed">Choose a plan. Subscribing again adds its days after your current plan ends.</Text>
        </div>
        <Group gap="xs">
          {session.hasAnyRole(ROLE_ADMIN) && (
            <Button component={Link} to="/admin-subscribe" variant="default">
              Manage plans
            </Button>
          )}
          <Button component={Link} to="/referral" variant="light" leftSection={<IconShare size={16} />}>
            Refer
          </Button>
        </Group>
      </Group>

      {session.isLoggedIn && active && (
        <Alert color={active.current ? 'teal' : 'gray'} data-testid="my-subscription">
          {active.current && active.activeUntil
            ? `Your plan: ${active.current.planName}, active until ${formatMarketDate(active.activeUntil)}.`
            : active.activeUntil
              ? `Your subscription starts soon and runs until ${formatMarketDate(active.activeUntil)}.`
              : 'You have no active subscription.'}
        </Alert>
      )}
      {message && (
        <ResultAlert ok={message.ok} onClose={() => setMessage(null)} testId="subscribe-result">
          {message.text}
        </ResultAlert>
      )}
      {plans.error && !plans.data && (
        <RetryAlert
          title="The plans could not be loaded"
          error={plans.error}
          onRetry={() => void plans.refetch()}
          testId="plans-error"
        />
      )}
      {plans.loading && !plans.data && <Loader />}
      {plans.data && plans.data.subscriptionPlans.length === 0 && (
        <Text c="dimmed">No plans are offered at the moment.</Text>
      )}

      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="plan-cards">
        {plans.data?.subscriptionPlans.map((plan) => {
          const isCurrent = active?.current?.planId === plan.id;
          return (
            <Card
              key={plan.id}
              withBorder
              padding="lg"
              radius="md"
              onClick={() => void choose(plan)}
              style={{ cursor: 'pointer' }}
              data-testid="plan-card"
              aria-label={`${plan.name} plan`}
            >
              <Stack gap="xs" h="100%">
                <Group justify="space-between">
                  <Title order={3} size="h4">
                    {plan.name}
                  </Title>
                  {isCurrent && <Badge color="teal">Current</Badge>}
                </Group>
                <Text fz={28} fw={700}>
                  {formatRupees(plan.price)}
                </Text>
                <Text size="sm" style={{ flex: 1 }}>
                  {plan.description}
                </Text>
                <Text size="sm" c="dimmed">
                  {plan.durationInDays} {plan.durationInDays === 1 ? 'day' : 'days'}
                </Text>
                <Button
                  onClick={(event) => {
                    // the card subscribes too; one click, one subscription
                    event.stopPropagation();
                    void choose(plan);
                  }}
                  loading={subscribing}
                >
                  Subscribe
                </Button>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        No payment is taken in the app: subscribing records your plan period.
      </Text>
    </Stack>
  );
}
