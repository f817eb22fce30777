/**
 * The upload form's rules and the calendar's marks, rendered in jsdom with the real Mantine and
 * Apollo providers (no request is sent by these interactions).
 */
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import type { ReactNode } from 'react';
import { UploadForm } from './upload-form';
import { PriceDateCalendar } from './price-date-calendar';
import { CorporateActionsReport } from './corporate-actions-report';

afterEach(cleanup);

const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;

function wrap(children: ReactNode) {
  const client = new ApolloClient({
    link: new HttpLink({ uri: 'http://127.0.0.1:9/graphql' }),
    cache: new InMemoryCache(),
  });
  return (
    <ApolloProvider client={client}>
      <MantineProvider>{children}</MantineProvider>
    </ApolloProvider>
  );
}

const TYPES = [
  {
    __typename: 'UploadTypeInfo' as const,
    type: 'UPLOAD_STOCK_PRICE' as const,
    label: 'Upload Stock Price',
    description: 'NSE equity bhavcopy…',
    acceptedFormats: ['csv', 'xls', 'xlsx'],
    templateFileName: null,
  },
  {
    __typename: 'UploadTypeInfo' as const,
    type: 'UPLOAD_FINANCIAL_STATEMENT' as const,
    label: 'Upload Financial Statement',
    description: 'Balance sheets…',
    acceptedFormats: ['csv'],
    templateFileName: 'balance-sheet-template.csv',
  },
  {
    __typename: 'UploadTypeInfo' as const,
    type: 'UPLOAD_INDEX_PRICES' as const,
    label: 'Upload Index Prices',
    description: "An index's daily values…",
    acceptedFormats: ['csv'],
    templateFileName: null,
  },
];

describe('upload form', () => {
  it('keeps Upload disabled until a type and a valid file are chosen', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const { container } = render(wrap(<UploadForm types={TYPES} loadingTypes={false} onUploaded={() => undefined} />));
    const upload = screen.getByRole('button', { name: 'Upload' });
    expect(isDisabled(upload)).toBe(true);
    // no type chosen yet: the select shows its placeholder
    const select = screen.getByRole('combobox', { name: /Select Upload Type/ });
    expect(select.getAttribute('placeholder')).toBe('Choose Type of File');
    expect((select as HTMLInputElement).value).toBe('');

    const fileInput = container.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(fileInput, new File(['SYMBOL'], 'prices.csv', { type: 'text/csv' }));
    expect(isDisabled(upload)).toBe(true); // no type yet

    // a click before the combobox module is there loads it and opens the options once they are
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Upload Stock Price', hidden: true }));
    expect(isDisabled(upload)).toBe(false);
    expect(screen.getByTestId('upload-type-description').textContent).toContain('NSE equity bhavcopy');
  });

  it('says which files it takes when another kind is picked', async () => {
    const { container } = render(wrap(<UploadForm types={TYPES} loadingTypes={false} onUploaded={() => undefined} />));
    const fileInput = container.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(fileInput, { target: { files: [new File(['%PDF'], 'report.pdf', { type: 'application/pdf' })] } });
    // the file field is marked invalid and says why, as a screen reader reads it with the field
    const field = await screen.findByRole('button', { name: /Select File/, description: /./ });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Only .csv or .xlsx/.xls files are supported.',
    );
    expect(isDisabled(screen.getByRole('button', { name: 'Upload' }))).toBe(true);
  });

  it('offers the template for a layout the project defines', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    render(wrap(<UploadForm types={TYPES} loadingTypes={false} onUploaded={() => undefined} />));
    // a click before the combobox module is there loads it and opens the options once they are
    await user.click(screen.getByRole('combobox', { name: /Select Upload Type/ }));
    await user.click(await screen.findByRole('option', { name: 'Upload Financial Statement', hidden: true }));
    // after the type's description, a button (not a submit) that downloads the template
    expect(screen.getByTestId('upload-type-description').textContent).toBe('Balance sheets…  Download the template');
    expect(screen.getByRole('button', { name: 'Download the template' }).getAttribute('type')).toBe('button');
  });
});

describe('upload form: index prices', () => {
  it('asks for the index name only for index prices, with its hint, and refuses a name NSE would not use', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const { container } = render(wrap(<UploadForm types={TYPES} loadingTypes={false} onUploaded={() => undefined} />));
    const select = screen.getByRole('combobox', { name: /Select Upload Type/ });
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Upload Stock Price', hidden: true }));
    expect(screen.queryByTestId('upload-index-name')).toBeNull();

    // opened again with a value chosen, the list scrolls to it: jsdom draws nothing to scroll
    const scrollIntoView = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = () => undefined;
    onTestFinished(() => {
      Element.prototype.scrollIntoView = scrollIntoView;
    });
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Upload Index Prices', hidden: true }));
    const name = screen.getByRole('textbox', { name: 'Index name' });
    expect(document.getElementById(name.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toContain(
      'historical index download, which does not name its index',
    );
    const fileInput = container.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(fileInput, new File(['Date,Open'], 'NIFTY 50_Historical.csv', { type: 'text/csv' }));
    const upload = screen.getByRole('button', { name: 'Upload' });
    // left empty it is not needed (a file that names its index)
    expect(isDisabled(upload)).toBe(false);
    await user.type(name, 'NIFTY 50;');
    expect(isDisabled(upload)).toBe(true);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    await user.clear(name);
    await user.type(name, 'Nifty 50');
    expect(isDisabled(upload)).toBe(false);
  });
});

describe('uploaded-dates calendar', () => {
  it('marks uploaded days with their row counts and highlights today', () => {
    const counts = new Map([
      ['2020-03-30', 1950],
      ['2020-03-31', 1952],
    ]);
    render(
      wrap(
        <PriceDateCalendar
          counts={counts}
          today="2020-03-17"
          shown={{ year: 2020, month: 3 }}
          onShow={() => undefined}
        />,
      ),
    );
    const grid = screen.getByRole('grid', { name: 'March 2020' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    const marked = grid.querySelectorAll('[data-uploaded]');
    expect([...marked].map((cell) => cell.getAttribute('data-date'))).toEqual(['2020-03-30', '2020-03-31']);
    expect(grid.querySelector('[data-date="2020-03-31"]')?.getAttribute('aria-label')).toBe(
      '31-Mar-2020: 1,952 price rows uploaded',
    );
    expect(grid.querySelector('[data-today]')?.getAttribute('data-date')).toBe('2020-03-17');
    expect(screen.getByTestId('calendar-month-count').textContent).toBe('2 trading days this month');
  });

  it('moves between months', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const shown: Array<{ year: number; month: number }> = [];
    render(
      wrap(
        <PriceDateCalendar
          counts={new Map()}
          today="2020-03-17"
          shown={{ year: 2020, month: 1 }}
          onShow={(month) => shown.push(month)}
        />,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(shown).toEqual([
      { year: 2019, month: 12 },
      { year: 2020, month: 2 },
    ]);
  });
});

describe('corporate-actions report', () => {
  it('counts what was recognised the Indian way and lists the purposes not understood', () => {
    let dismissed = false;
    render(
      wrap(
        <CorporateActionsReport
          fileName="CF-CA-equities.csv"
          adjustingEvents={612}
          dividends={12345}
          unclassified={['Bonus Issue Of Shares (Ratio To Be Announced)', 'Split Of Shares']}
          onDismiss={() => (dismissed = true)}
        />,
      ),
    );
    const report = screen.getByTestId('corporate-actions-report');
    expect(within(report).getByRole('heading').textContent).toBe('What CF-CA-equities.csv was understood as');
    expect(screen.getByTestId('report-adjusting').textContent).toBe('612');
    expect(screen.getByTestId('report-dividends').textContent).toBe('12,345');
    expect(screen.getByTestId('report-unclassified-count').textContent).toMatch(/^2 purposes were not understood/);
    const items = within(screen.getByTestId('report-unclassified')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Bonus Issue Of Shares (Ratio To Be Announced)',
      'Split Of Shares',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Hide the report' }));
    expect(dismissed).toBe(true);
  });

  it('says when every purpose was understood', () => {
    render(
      wrap(
        <CorporateActionsReport
          fileName="actions.csv"
          adjustingEvents={1}
          dividends={0}
          unclassified={[]}
          onDismiss={() => undefined}
        />,
      ),
    );
    expect(screen.getByTestId('report-counts').textContent).toContain('1 split, bonus or consolidation');
    expect(screen.getByTestId('report-all-understood').textContent).toBe(
      'Every purpose that mentions a split, bonus, consolidation or dividend was understood.',
    );
    expect(screen.queryByTestId('report-unclassified')).toBeNull();
  });
});
