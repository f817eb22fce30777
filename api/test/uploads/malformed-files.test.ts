/**
 * Bad files of every sort: each gets a clear 400 (or 413/415) that says what is wrong, and every
 * market table is exactly as before (fingerprinted with an md5 of all rows). The test API runs
 * with small limits (1 MB files, 4 MB inflated workbooks, 50 archive entries) so that "huge" and
 * "zip bomb" files stay small here.
 */
import * as XLSX from '@e965/xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useApi } from '../setup/test-api.js';
import {
  buildZip,
  csvToWorkbook,
  dataFile,
  ENDPOINTS,
  marketFingerprint,
  plainCsvRows,
  upload,
  type Kind,
  uploadDataFile,
} from './helpers.js';

const LEGACY = dataFile('bhavcopy/legacy/02JAN2019.csv').toString('utf8');
const LEGACY_ROWS = plainCsvRows(LEGACY);
const UDIFF = dataFile('bhavcopy/udiff/BhavCopy_NSE_CM_0_0_0_20250619_F_0000.csv').toString('utf8');
const EQUITY_HEADER =
  'SYMBOL,NAME OF COMPANY, SERIES, DATE OF LISTING, PAID UP VALUE, MARKET LOT, ISIN NUMBER, FACE VALUE';
const ACTIONS_HEADER =
  '"SYMBOL","COMPANY NAME","SERIES","PURPOSE","FACE VALUE","EX-DATE","RECORD DATE","BOOK CLOSURE START DATE","BOOK CLOSURE END DATE"';
const XBRL_TCS = 'financials/xbrl_results_xlsx/TCS/09Jul2019_1813_INDAS_45964_112667_09072019061339_WEB.xlsx';

/** The legacy bhavcopy with one cell replaced on one data row (1-based data row). */
function legacyWith(dataRow: number, column: string, value: string): string {
  const rows = LEGACY_ROWS.map((row) => [...row]);
  rows[dataRow]![rows[0]!.indexOf(column)] = value;
  return rows.map((row) => row.join(',')).join('\n');
}

/** A legacy bhavcopy with one bad cell: the first problem is that cell's (the header is line 1). */
function legacyCell(
  name: string,
  fileName: string,
  dataRow: number,
  column: string,
  value: string,
  says: string,
): BadFile {
  return {
    name,
    kind: 'UPLOAD_STOCK_PRICE',
    fileName,
    content: () => legacyWith(dataRow, column, value),
    says,
    at: { line: dataRow + 1, column },
  };
}

function legacyLines(count: number): string {
  return LEGACY.split('\n')
    .slice(0, count + 1)
    .join('\n');
}

function xbrlCsv(edit: (rows: string[][]) => string[][]): string {
  const book = XLSX.read(dataFile(XBRL_TCS), { type: 'buffer' });
  const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, {
    header: 1,
    raw: false,
    defval: '',
  });
  return edit(rows)
    .map((row) => row.map((cell) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(','))
    .join('\n');
}

/** A workbook skeleton (zip with xl/workbook.xml) with one extra big entry. */
function workbookZip(extra: { name: string; data: Buffer; declaredSize?: number }): Buffer {
  return buildZip([
    { name: '[Content_Types].xml', data: Buffer.from('<?xml version="1.0"?><Types/>') },
    { name: 'xl/workbook.xml', data: Buffer.from('<?xml version="1.0"?><workbook/>') },
    extra,
  ]);
}

interface BadFile {
  name: string;
  kind: Kind;
  fileName: string;
  content: () => Uint8Array | string;
  status?: number;
  /** Words the message must contain. */
  says: string | RegExp;
  /** For row problems: the first problem's line and column. */
  at?: { line: number; column: string };
  /** For a header that does not match: what `details` names. */
  header?: { layout: string; missingColumns?: string[]; unknownColumns?: string[] };
}

const BAD_FILES: BadFile[] = [
  {
    name: 'an empty file',
    kind: 'UPLOAD_STOCK_PRICE',
    fileName: 'empty.csv',
    content: () => '',
    says: 'The file is empty',
  },
  {
    name: 'blank lines only',
    kind: 'UPLOAD_STOCK_PRICE',
    fileName: 'blank.csv',
    content: () => '\n\n  \r\n',
    says: 'no header line and no rows',
  },
  {
    name: 'a header and no rows',
    kind: 'UPLOAD_STOCK_PRICE',
    fileName: 'header.csv',
    content: () => legacyLines(0),
    says: 'has a header but no price rows',
  },
  {
    name: 'a header of another world',
    kind: 'UPLOAD_STOCK_PRICE',
    fileName: 'x.csv',
    content: () => 'name,age\nasha,30\n',
    says: 'not a recognised header for "Upload Stock Price"',
  },
  {
    name: 'a missing column',
    kind: 'UPLOAD_STOCK_PRICE',
    fileName: 'no-close.csv',
    content: () => LEGACY_ROWS.map((row) => row.filter((_cell, index) => index !== 5).join(',')).join('\n'),
    says: 'missing column: CLOSE',
    header: { layout: 'NSE_BHAVCOPY_LEGACY', missingColumns: ['CLOSE'], unknownColumns: [] },
  },
  {
    name: 'an unknown column',
    kind: 'UPLOAD_STOCK_PRICE',
    fileName: 'extra.csv',
    content: () =>
      LEGACY_ROWS.map((row, index) => [...row.slice(0, 13), index === 0 ? 'VWAP' : '1'].join(',')).join('\n'),
    says: 'unknown column: VWAP',
    header: { layout: 'NSE_BHAVCOPY_LEGACY', missingColumns: [], unknownColumns: ['VWAP'] },
  },
  {
    name: 'a repeated column',
    kind: 'UPLOAD_STOCK_PRICE',
    fileName: 'twice.csv',
    content: () => LEGACY_ROWS.map((row) => [...row.slice(0, 13), row[2]].join(',')).join('\n'),
    says: 'repeated column: OPEN',
  },
  legacyCell('a bad number deep inside', 'deep.csv', 1500, 'HIGH', '12..5', "'12..5' is not a number"),
  legacyCell('a negative price', 'neg.csv', 7, 'LOW', '-3', "'-3' is not a number of zero or more"),
  legacyCell('a number with too many digits', 'long.csv', 3, 'TOTTRDVAL', '12345678901234567890123', 'is not a number'),
  legacyCell(
    'an impossible date',
    'feb.csv',
    10,
    'TIMESTAMP',
    '31-FEB-2019',
    "'31-FEB-2019' is not a valid date (expected DD-MON-YYYY)",
  ),
  legacyCell('a date in another format', 'slash.csv', 2, 'TIMESTAMP', '02/01/2019', 'is not a valid date'),
  legacyCell('a high below the low', 'hl.csv', 5, 'HIGH', '0.01', 'is below LOW'),
  legacyCell('a quantity that is not whole', 'qty.csv', 4, 'TOTTRDQTY', '10.5', 'not a whole number'),
  legacyCell('a symbol with a space', 'sym.csv', 9, 'SYMBOL', 'REL IANCE', 'is not a valid symbol'),
  {
    name: 'duplicate rows',
    kind: 'UPLOAD_STOCK_PRICE',
    fileName: 'dup.csv',
    content: () => `${LEGACY.trimEnd()}\n${LEGACY.split('\n')[20]}\n`,
    says: 'repeats line 21',
    at: { line: LEGACY_ROWS.length + 1, column: '' },
  },
  legacyCell('a formula typed into a CSV cell', 'inject.csv', 12, 'CLOSE', '=1+2', "'=1+2' is not a number"),
  {
    name: 'a formula cell in a workbook (read as text, never evaluated)',
    kind: 'UPLOAD_STOCK_PRICE',
    fileName: 'formula.xlsx',
    content: () => {
      const rows = LEGACY_ROWS.slice(0, 30).map((row) => row.slice(0, 13));
      const sheet = XLSX.utils.aoa_to_sheet(rows);
      sheet.F5 = { t: 'n', v: 42, f: 'C5*2' };
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, sheet, 'prices');
      return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    },
    says: "'=C5*2' is not a number",
    at: { line: 5, column: 'CLOSE' },
  },
  {
    name: 'a UDiFF row of another segment',
    kind: 'UPLOAD_STOCK_PRICE',
    fileName: 'fo.csv',
    content: () =>
      UDIFF.split('\n')
        .map((line, index) => (index === 3 ? line.replace(',CM,', ',FO,') : line))
        .join('\n'),
    says: "'FO' is not the cash market (CM)",
    at: { line: 4, column: 'Sgmt' },
  },
  {
    name: 'binary garbage',
    kind: 'UPLOAD_STOCK_PRICE',
    fileName: 'garbage.csv',
    content: () => Uint8Array.from({ length: 4096 }, (_v, index) => (index * 7919 + 13) % 256),
    says: 'not a CSV, XLS or XLSX file',
  },
  {
    name: 'a quoted field that never closes (truncated)',
    kind: 'UPLOAD_CORPORATE_ACTIONS',
    fileName: 'cut.csv',
    content: () => `${ACTIONS_HEADER}\n"TCS","Tata Consultancy Services Limited","EQ"," Dividend - Rs 5 Per Share`,
    says: 'never closed',
  },
  {
    name: 'a truncated workbook',
    kind: 'UPLOAD_STOCK_PRICE',
    fileName: 'cut.xlsx',
    content: () => {
      const whole = csvToWorkbook(LEGACY_ROWS.slice(0, 200), 'xlsx');
      return whole.subarray(0, Math.floor(whole.length / 2));
    },
    says: /truncated or damaged/,
  },
  {
    name: 'a zip bomb (honest sizes)',
    kind: 'UPLOAD_STOCK_PRICE',
    fileName: 'bomb.xlsx',
    content: () => workbookZip({ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(8 * 1024 * 1024, 0x20) }),
    says: 'zip bomb',
  },
  {
    name: 'a zip bomb whose directory lies about sizes',
    kind: 'UPLOAD_STOCK_PRICE',
    fileName: 'liar.xlsx',
    content: () =>
      workbookZip({ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(3 * 1024 * 1024, 0x20), declaredSize: 1000 }),
    says: 'inflates beyond its declared size',
  },
  {
    name: 'a workbook with too many entries',
    kind: 'UPLOAD_STOCK',
    fileName: 'many.xlsx',
    content: () =>
      buildZip([
        { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
        ...Array.from({ length: 60 }, (_v, index) => ({ name: `xl/media/i${index}.bin`, data: Buffer.from('x') })),
      ]),
    says: 'it has 61 entries; at most 50 are allowed',
  },
  {
    name: 'a zip that is not a workbook',
    kind: 'UPLOAD_STOCK',
    fileName: 'notes.xlsx',
    content: () => buildZip([{ name: 'notes.txt', data: Buffer.from('hello') }]),
    says: 'not an .xlsx workbook',
  },
  {
    name: 'a damaged .xls',
    kind: 'UPLOAD_STOCK',
    fileName: 'bad.xls',
    content: () =>
      Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(600, 0x41)]),
    says: 'truncated or damaged',
  },
  {
    name: 'a sheet far too wide',
    kind: 'UPLOAD_STOCK',
    fileName: 'wide.xlsx',
    content: () =>
      csvToWorkbook(
        [Array.from({ length: 250 }, (_v, index) => `C${index}`), Array.from({ length: 250 }, () => '1')],
        'xlsx',
      ),
    says: 'has 250 columns; at most 200 are allowed',
  },
  {
    name: 'a file larger than the limit',
    kind: 'UPLOAD_STOCK_PRICE',
    fileName: 'huge.csv',
    content: () => `${LEGACY}${'#'.repeat(1024 * 1024)}`,
    status: 413,
    says: 'larger than the 1 MB upload limit',
  },
  {
    name: 'corporate actions sent as prices',
    kind: 'UPLOAD_STOCK_PRICE',
    fileName: 'CF-CA.csv',
    content: () => dataFile('corporate_actions/CF-CA-equities.csv').subarray(0, 20_000),
    says: 'belongs to "Upload Corporate Actions", not "Upload Stock Price"',
  },
  {
    name: 'a bhavcopy sent as stocks',
    kind: 'UPLOAD_STOCK',
    fileName: '02JAN2019.csv',
    content: () => LEGACY,
    // "an NSE", as it is said ("en-ess-ee")
    says: 'This looks like an NSE equity bhavcopy (legacy 13-column layout) file, which belongs to "Upload Stock Price", not "Upload Stock"',
  },
  {
    name: 'an index list sent as corporate actions',
    kind: 'UPLOAD_CORPORATE_ACTIONS',
    fileName: 'nifty.csv',
    content: () => dataFile('industry/2019-10/ind_nifty500list.csv'),
    says: 'belongs to "Upload Update Company Profile"',
  },
  {
    name: 'profit and loss facts sent as a balance sheet',
    kind: 'UPLOAD_FINANCIAL_STATEMENT',
    fileName: 'tcs.xlsx',
    content: () => dataFile(XBRL_TCS),
    says: 'upload it as "Upload Financial Report"',
  },
  {
    name: 'a balance-sheet table sent as results',
    kind: 'UPLOAD_FINANCIAL_REPORT',
    fileName: 'bs.csv',
    content: () =>
      'Symbol,NatureOfReportStandaloneConsolidated,DateOfEndOfReportingPeriod,Assets,EquityAndLiabilities\nTCS,Standalone,2020-03-31,10,10\n',
    says: 'belongs to "Upload Financial Statement"',
  },
  {
    name: 'an equity list with a bad ISIN',
    kind: 'UPLOAD_STOCK',
    fileName: 'isin.csv',
    content: () => `${EQUITY_HEADER}\nABC,Abc Limited,EQ,06-OCT-2008,5,1,INE144J0102,5\n`,
    says: "'INE144J0102' is not an ISIN",
    at: { line: 2, column: 'ISIN NUMBER' },
  },
  {
    name: 'one symbol twice with different details',
    kind: 'UPLOAD_STOCK',
    fileName: 'twice.csv',
    content: () =>
      `${EQUITY_HEADER}\nABC,Abc Limited,EQ,06-OCT-2008,5,1,INE144J01027,5\nABC,Abc Limited,BE,06-OCT-2008,5,1,INE144J01027,5\n`,
    says: 'ABC is already on line 2 with other details',
    at: { line: 3, column: 'SYMBOL' },
  },
  {
    name: 'a corporate action with a bad date',
    kind: 'UPLOAD_CORPORATE_ACTIONS',
    fileName: 'ca.csv',
    content: () =>
      `${ACTIONS_HEADER}\n"TCS","Tata Consultancy Services Limited","EQ"," Dividend","1","32-Jan-2020","-","-","-"\n`,
    says: "'32-Jan-2020' is not a valid date",
    at: { line: 2, column: 'EX-DATE' },
  },
  {
    name: 'the same corporate action with two company names',
    kind: 'UPLOAD_CORPORATE_ACTIONS',
    fileName: 'ca2.csv',
    content: () =>
      `${ACTIONS_HEADER}\n"TCS","Tata Consultancy Services Limited","EQ"," Dividend","1","16-Jan-2020","-","-","-"\n"TCS","TCS Ltd","EQ"," Dividend","1","16-Jan-2020","-","-","-"\n`,
    says: 'repeats the event on line 2',
    at: { line: 3, column: '' },
  },
  {
    name: 'a company profile without industry',
    kind: 'UPLOAD_UPDATE_COMPANY_PROFILE',
    fileName: 'p.csv',
    content: () => 'Company Name,Industry,Symbol,Series,ISIN Code\r\nAcme Ltd.,,ACME,EQ,INE000A01016\r\n',
    says: 'is required',
    at: { line: 2, column: 'Industry' },
  },
  {
    name: 'a results filing without its profit',
    kind: 'UPLOAD_FINANCIAL_REPORT',
    fileName: 'noprofit.csv',
    content: () => xbrlCsv((rows) => rows.filter((row) => !(row[1] === 'ProfitLossForPeriod'))),
    says: 'has no ProfitLossForPeriod fact',
  },
  {
    name: 'a results filing that is neither standalone nor consolidated',
    kind: 'UPLOAD_FINANCIAL_REPORT',
    fileName: 'nature.csv',
    content: () =>
      xbrlCsv((rows) =>
        rows.map((row) => (row[1] === 'NatureOfReportStandaloneConsolidated' ? [...row.slice(0, 5), 'Both'] : row)),
      ),
    says: "'Both' is neither Standalone nor Consolidated",
  },
  {
    name: 'a results fact that is not a number',
    kind: 'UPLOAD_FINANCIAL_REPORT',
    fileName: 'nan.csv',
    content: () =>
      xbrlCsv((rows) =>
        rows.map((row) => (row[1] === 'Income' && row[3] === 'OneD' ? [...row.slice(0, 5), 'lots'] : row)),
      ),
    says: "Income: 'lots' is not a number",
  },
  {
    name: 'a profit table named unlike a symbol',
    kind: 'UPLOAD_FINANCIAL_REPORT',
    fileName: 'my results.csv',
    content: () => dataFile('financials/quarterly_pat_eps_csv/tcs.csv'),
    says: 'no Symbol column and its name is not a symbol',
  },
  {
    name: 'a balance sheet that does not balance',
    kind: 'UPLOAD_FINANCIAL_STATEMENT',
    fileName: 'bs.csv',
    content: () =>
      'Symbol,NatureOfReportStandaloneConsolidated,DateOfEndOfReportingPeriod,Assets,EquityAndLiabilities\nTCS,Standalone,2020-03-31,1000,999.99\n',
    says: 'does not balance',
    at: { line: 2, column: 'EquityAndLiabilities' },
  },
];

describe('malformed uploads', () => {
  const api = useApi({
    config: { uploadMaxBytes: 1024 * 1024, uploadMaxUncompressedBytes: 4 * 1024 * 1024, uploadMaxArchiveEntries: 50 },
  });
  let staff: string;
  let baseline: Record<string, string>;

  beforeAll(async () => {
    staff = await api.login(DEMO.staff.username, DEMO.staff.password);
    // some data first, so "unchanged" means something
    expect((await upload(api, staff, 'UPLOAD_STOCK_PRICE', '02JAN2019.csv', LEGACY)).status).toBe(200);
    expect((await uploadDataFile(api, staff, 'UPLOAD_STOCK', 'equity_list/EQUITY_L.csv')).status).toBe(200);
    expect((await upload(api, staff, 'UPLOAD_FINANCIAL_REPORT', 'tcs.xlsx', dataFile(XBRL_TCS))).status).toBe(200);
    baseline = await marketFingerprint(api.handle);
  });

  it('has at least 30 kinds of bad file', () => {
    expect(BAD_FILES.length).toBeGreaterThanOrEqual(30);
  });

  for (const bad of BAD_FILES) {
    it(`refuses ${bad.name}, writing nothing`, async () => {
      const answer = await upload(api, staff, bad.kind, bad.fileName, bad.content());
      expect(answer.status, answer.text).toBe(bad.status ?? 400);
      expect(answer.body.error).toBe(bad.status === 413 ? 'Payload Too Large' : 'Bad Request');
      if (typeof bad.says === 'string') expect(answer.body.message).toContain(bad.says);
      else expect(answer.body.message).toMatch(bad.says);
      expect(answer.text).not.toMatch(/at \w+ \(|node_modules|\.ts:\d+/); // no stack traces
      if (bad.at) {
        expect(answer.body.details?.problems?.[0]).toMatchObject(bad.at);
        expect(answer.body.message).toContain('Nothing was saved');
      }
      if (bad.header) expect(answer.body.details).toMatchObject(bad.header);
      expect(await marketFingerprint(api.handle)).toEqual(baseline);
    });
  }

  it('lists at most 20 problems, with the total', async () => {
    // every data row gets a bad HIGH: 1,874 problems
    const rows = LEGACY_ROWS.map((row, index) => (index === 0 ? row : [row[0], row[1], row[2], 'x', ...row.slice(4)]));
    const answer = await upload(
      api,
      staff,
      'UPLOAD_STOCK_PRICE',
      'all-bad.csv',
      rows.map((row) => row.join(',')).join('\n'),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.details?.problemCount).toBe(LEGACY_ROWS.length - 1);
    expect(answer.body.details?.problems).toHaveLength(20);
    expect(answer.body.details?.problems?.map((problem) => problem.line)).toEqual(
      Array.from({ length: 20 }, (_v, index) => index + 2),
    );
    expect(answer.body.message).toContain('(1,874 problems in all; the first 20 are listed)');
    expect(await marketFingerprint(api.handle)).toEqual(baseline);
  });

  describe('the multipart request itself', () => {
    /** Posts to the stock-price upload as staff: the status and message of the answer. */
    const post = async (body: { body: FormData } | { json: unknown }) => {
      const answer = await api.request<{ message: string }>('POST', ENDPOINTS.UPLOAD_STOCK_PRICE, {
        token: staff,
        ...body,
      });
      return { status: answer.status, message: answer.body.message };
    };

    it('wants the part named "file"', async () => {
      const answer = await upload(api, staff, 'UPLOAD_STOCK_PRICE', 'x.csv', LEGACY, 'document');
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('The file part must be named "file" (got "document")');
    });

    it('wants a file', async () => {
      const form = new FormData();
      form.append('type', 'UPLOAD_STOCK_PRICE');
      expect(await post({ body: form })).toEqual({
        status: 400,
        message: 'No file was sent: add one part named "file"',
      });
    });

    it('wants one file only', async () => {
      const form = new FormData();
      form.append('file', new Blob([LEGACY]), 'a.csv');
      form.append('file', new Blob([LEGACY]), 'b.csv');
      expect(await post({ body: form })).toEqual({ status: 400, message: 'Send one file per upload' });
    });

    it('wants multipart, not JSON', async () => {
      expect(await post({ json: { file: LEGACY } })).toEqual({
        status: 415,
        message: 'Send the file as multipart/form-data with one part named "file"',
      });
    });

    it('leaves every table unchanged after all of this', async () => {
      expect(await marketFingerprint(api.handle)).toEqual(baseline);
    });
  });
});
