/**
 * Fundamental Analysis (/fundamental-analysis). The old app had this menu link with no route; here
 * the user picks a company (searchable by symbol or name) and sees its Balance Sheet and Profit
 * Loss tables and the 'Profit' bar chart, the same components as on Company Analysis. The chosen
 * symbol is kept in the address (?symbol=) so the view can be shared and survives a reload.
 */
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Card, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useCompaniesPageQuery, useFundamentalAnalysisPageQuery } from '../../../__generated__/graphql';
import { PageHeader } from '../../../components/page-header';
import { usePageTitle } from '../../../components/page-title';
import { RetryAlert } from '../../../components/retry-alert';
import { errorCode, errorMessage } from '../../../lib/errors';
import { Fundamentals } from '../components/fundamentals';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { NotFoundMessage } from '../components/not-found';

export default function FundamentalAnalysisPage() {
  usePageTitle('Fundamental Analysis');
  const mobile = useIsMobile();
  const [params, setParams] = useSearchParams();
  const symbol = (params.get('symbol') ?? '').trim().toUpperCase();
  const companies = useCompaniesPageQuery();
  const statements = useFundamentalAnalysisPageQuery({
    variables: { symbol },
    skip: symbol === '',
    notifyOnNetworkStatusChange: true,
  });

  const options = useMemo(
    () =>
      (companies.data?.companies ?? []).map((company) => ({
        value: company.symbol,
        label: `${company.symbol} · ${company.companyName}`,
      })),
    [companies.data],
  );
  // a symbol from the address that is not (or not yet) in the list still shows as chosen
  const data =
    symbol && !options.some((option) => option.value === symbol)
      ? [{ value: symbol, label: symbol }, ...options]
      : options;
  const analysis = statements.data?.companyAnalysis;
  const nothingFiled =
    analysis && !analysis.company && analysis.profitAndLoss.length === 0 && analysis.balanceSheets.length === 0;

  return (
    <Stack gap="md" style={{ minWidth: 0 }}>
      <PageHeader title="Fundamental Analysis" />
      <Card withBorder radius="md" padding="md">
        <Stack gap="xs">
          <Select
            label="Company"
            placeholder={companies.loading && !companies.data ? 'Loading companies…' : 'Search by symbol or name'}
            searchable
            clearable
            nothingFoundMessage="No company matches"
            data={data}
            value={symbol || null}
            onChange={(value) => setParams(value ? { symbol: value } : {})}
            limit={50}
            maw={520}
            data-testid="company-select"
          />
          {companies.error && !companies.data && (
            <RetryAlert
              title="The companies could not be loaded"
              error={companies.error}
              onRetry={() => void companies.refetch()}
              testId="companies-error"
              maw={640}
            />
          )}
          {analysis && (
            <Text size="sm" c="dimmed">
              The last 8 quarters up to today, standalone figures.{' '}
              <Link to={`/company-analysis/${encodeURIComponent(analysis.symbol)}`}>
                Open the full company analysis of {analysis.symbol}
              </Link>
            </Text>
          )}
        </Stack>
      </Card>
      {symbol === '' ? (
        <Text c="dimmed" data-testid="fundamental-pick">
          Pick a company to see its balance sheets, quarterly results and profit.
        </Text>
      ) : statements.loading && !statements.data ? (
        <Stack gap="md" aria-busy="true" aria-label="Loading the statements">
          <Skeleton h={240} />
          <Skeleton h={240} />
        </Stack>
      ) : statements.error && !statements.data ? (
        errorCode(statements.error) === 'BAD_USER_INPUT' ? (
          <NotFoundMessage symbol={symbol} detail={errorMessage(statements.error)} />
        ) : (
          <RetryAlert
            title="The statements could not be loaded"
            error={statements.error}
            onRetry={() => void statements.refetch()}
          />
        )
      ) : nothingFiled ? (
        <NotFoundMessage
          symbol={symbol}
          detail={`There is no company and no financial statement for the symbol ${symbol}.`}
        />
      ) : analysis ? (
        <Stack gap="md" data-testid="fundamentals">
          <Fundamentals profitAndLoss={analysis.profitAndLoss} balanceSheets={analysis.balanceSheets} mobile={mobile} />
        </Stack>
      ) : null}
    </Stack>
  );
}
