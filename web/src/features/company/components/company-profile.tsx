/**
 * The company profile table and the Events section (Past Events and Upcoming Events tables) of
 * Company Analysis. Past events hide id, series and the book-closure dates (docs/product/company.md). The
 * 12-month high and low of a short history say they cover only the days loaded (docs/product/market.md#short-history);
 * an industry nobody uploaded reads "Not classified yet" rather than a dash that looks like data
 * (docs/product/company.md#company-profile).
 */
import { Table, Text } from '@mantine/core';
import { formatPercent, formatRupees } from '@bazaar/shared';
import type { CorporateActionFieldsFragment, CompanyAnalysisPageQuery } from '../../../__generated__/graphql';
import { CoverageNote } from '../../../components/coverage-note';
import { DataGrid } from '../../../components/data-grid';
import { formatMarketDate } from '../../../lib/dates';
import { corporateActionColumns } from './corporate-action-columns';
import { Section } from './section';

type Analysis = CompanyAnalysisPageQuery['companyAnalysis'];

function profileRows(analysis: Analysis): Array<[string, string]> {
  const { company, latestPrice, yearRange } = analysis;
  const rows: Array<[string, string]> = [
    ['Company Name', company?.companyName ?? '—'],
    ['Industry', company ? (company.industry ?? 'Not classified yet') : '—'],
    ['Symbol', analysis.symbol],
    ['Series', company?.series ?? latestPrice?.series ?? '—'],
    ['Isin Code', company?.isinCode ?? '—'],
    ['Paid Up Value', company?.paidUpValue ? formatRupees(company.paidUpValue) : '—'],
    ['Date Of Listing', company?.dateOfListing ? formatMarketDate(company.dateOfListing) : '—'],
    ['Market Lot', company?.marketLot !== null && company?.marketLot !== undefined ? String(company.marketLot) : '—'],
    ['Face Value', company?.faceValue ? formatRupees(company.faceValue) : '—'],
  ];
  if (latestPrice) {
    rows.push(
      ['Close Price', `${formatRupees(latestPrice.closePrice)} on ${formatMarketDate(latestPrice.date)}`],
      [
        'Change Per Day',
        latestPrice.changePerDay
          ? `${formatRupees(latestPrice.changePerDay)} (${formatPercent(latestPrice.changePercent)})`
          : '—',
      ],
    );
  }
  if (yearRange) {
    rows.push(
      ['12-Month High', `${formatRupees(yearRange.highPrice)} on ${formatMarketDate(yearRange.highDate)}`],
      ['12-Month Low', `${formatRupees(yearRange.lowPrice)} on ${formatMarketDate(yearRange.lowDate)}`],
    );
  }
  return rows;
}

export function CompanyProfile({ analysis }: { analysis: Analysis }) {
  return (
    <Section title="Company Profile" testId="company-profile">
      {!analysis.company && (
        <Text size="sm" c="dimmed">
          {analysis.symbol} is not in the companies list yet; only its market data is shown.
        </Text>
      )}
      <Table withTableBorder striped fz="sm" aria-label="Company Profile">
        <Table.Tbody>
          {profileRows(analysis).map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" w="40%">
                {label}
              </Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {analysis.yearRange && (
        <CoverageNote
          period="YEARLY"
          coverage={analysis.priceSeries.find((series) => series.period === 'YEARLY')?.coverage}
          asOf={analysis.pricesUpTo}
          whatCovers="the 12-Month High and Low cover"
          testId="year-range-coverage"
        />
      )}
    </Section>
  );
}

const EVENT_COLUMNS = corporateActionColumns({ series: false });

export function EventsSection({
  symbol,
  past,
  upcoming,
}: {
  symbol: string;
  past: readonly CorporateActionFieldsFragment[];
  upcoming: readonly CorporateActionFieldsFragment[];
}) {
  return (
    <Section title="Events" testId="events-section">
      <DataGrid
        headingOrder={2}
        title="Upcoming Events"
        testId="upcoming-events"
        rows={upcoming}
        columns={EVENT_COLUMNS}
        getRowId={(event) => event.id}
        exportFileName={`${symbol}-upcoming-events`}
        emptyText={`No upcoming corporate actions for ${symbol}.`}
      />
      <DataGrid
        headingOrder={2}
        title="Past Events"
        testId="past-events"
        rows={past}
        columns={EVENT_COLUMNS}
        getRowId={(event) => event.id}
        exportFileName={`${symbol}-past-events`}
        emptyText={`No past corporate actions for ${symbol}.`}
      />
    </Section>
  );
}
