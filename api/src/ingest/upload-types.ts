/**
 * The six upload types (docs/product/README.md, Uploads; docs/engineering.md#glossary): their readable
 * names and the accepted layouts, served by GET /staff/uploads/types and used to tell an uploader which
 * type a misdirected file belongs to. Their endpoints are the shared contract's (UPLOAD_SLUGS).
 */
import { toDisplayWords, UPLOAD_TYPES, type UploadType } from '@bazaar/shared';
import type { ForeignLayout, LayoutSpec } from '../files/table.js';
import { PRICE_LAYOUTS } from './stock-prices/parse.js';
import { COMPANY_LIST_LAYOUTS } from './equity-list/parse.js';
import { INDEX_CONSTITUENTS } from './company-profiles/index-constituents.js';
import { CORPORATE_ACTIONS_EXPORT } from './corporate-actions/parse.js';
import { RESULT_LAYOUTS } from './financial-results/parse.js';
import { BALANCE_SHEET_LAYOUTS } from './balance-sheets/parse.js';
import { BALANCE_SHEET_TEMPLATE_FILE_NAME } from './balance-sheets/template.js';
import { INDEX_LAYOUTS } from './index-prices/parse.js';

/** What the API knows of an upload type (GraphQL's UploadTypeInfo is its public view). */
export interface UploadTypeInfo {
  type: UploadType;
  /** The readable name the upload screen shows ("Upload Stock Price"). */
  label: string;
  /** What the data is, for messages ("Stock prices"). */
  noun: string;
  /** The accepted layouts, in words. */
  description: string;
  layouts: LayoutSpec[];
  /** A template the upload screen offers for download, when the layout is the project's own. */
  templateFileName?: string;
}

export const UPLOAD_TYPE_INFO: Record<UploadType, UploadTypeInfo> = {
  UPLOAD_CORPORATE_ACTIONS: {
    type: 'UPLOAD_CORPORATE_ACTIONS',
    label: toDisplayWords('UPLOAD_CORPORATE_ACTIONS'),
    noun: 'Corporate actions',
    description:
      'NSE corporate-actions export (CF-CA-equities.csv): SYMBOL, COMPANY NAME, SERIES, PURPOSE, FACE VALUE, EX-DATE, RECORD DATE, BOOK CLOSURE START DATE, BOOK CLOSURE END DATE; dates like 19-Sep-2019, "-" for none. Exact repeated rows are ignored; uploading the same events again changes nothing.',
    layouts: [CORPORATE_ACTIONS_EXPORT],
  },
  UPLOAD_STOCK_PRICE: {
    type: 'UPLOAD_STOCK_PRICE',
    label: toDisplayWords('UPLOAD_STOCK_PRICE'),
    noun: 'Stock prices',
    description:
      "NSE equity bhavcopy, one day or many: the legacy 13-column layout (SYMBOL, SERIES, OPEN, HIGH, LOW, CLOSE, LAST, PREVCLOSE, TOTTRDQTY, TOTTRDVAL, TIMESTAMP, TOTALTRADES, ISIN; dates like 23-MAR-2020) or the UDiFF layout (BhavCopy_NSE_CM_0_0_0_YYYYMMDD_F_0000.csv, 34 columns, ISO dates). Every series is kept. A corrected file replaces that date's rows for the symbols it holds.",
    layouts: PRICE_LAYOUTS,
  },
  UPLOAD_STOCK: {
    type: 'UPLOAD_STOCK',
    label: toDisplayWords('UPLOAD_STOCK'),
    noun: 'Stocks',
    description:
      "NSE equity list (EQUITY_L.csv): SYMBOL, NAME OF COMPANY, SERIES, DATE OF LISTING, PAID UP VALUE, MARKET LOT, ISIN NUMBER, FACE VALUE; or its two-column variant (SYMBOL, NAME OF COMPANY), which fills only the names. Companies are matched by symbol; a company's industry is kept. The equity list has no industry: upload the exchange's index constituent list (ind_nifty500list.csv / ind_niftytotalmarket_list.csv) as Update Company Profile.",
    layouts: COMPANY_LIST_LAYOUTS,
  },
  UPLOAD_FINANCIAL_STATEMENT: {
    type: 'UPLOAD_FINANCIAL_STATEMENT',
    label: toDisplayWords('UPLOAD_FINANCIAL_STATEMENT'),
    noun: 'Balance sheets',
    description:
      'Balance sheets, as a table (Symbol, NatureOfReportStandaloneConsolidated, DateOfEndOfReportingPeriod, NonCurrentAssets, CurrentAssets, Assets, EquityShareCapital, OtherEquity, Equity, NonControllingInterest, NonCurrentLiabilities, CurrentLiabilities, Liabilities, EquityAndLiabilities; amounts in rupees; Assets and EquityAndLiabilities required and equal) or as an XBRL element/fact sheet with the same elements under context OneI. Download the template.',
    layouts: BALANCE_SHEET_LAYOUTS,
    templateFileName: BALANCE_SHEET_TEMPLATE_FILE_NAME,
  },
  UPLOAD_FINANCIAL_REPORT: {
    type: 'UPLOAD_FINANCIAL_REPORT',
    label: toDisplayWords('UPLOAD_FINANCIAL_REPORT'),
    noun: 'Financial results',
    description:
      'Quarterly profit and loss: NSE XBRL financial-results filings as element/fact sheets (Sr.No., Element Name, Period, Unit, Decimals, Fact Value; Ind-AS, banking and NBFC variants; standalone and consolidated kept apart), or the quarterly profit/EPS table (DateOfEndOfReportingPeriod, ProfitLossForThePeriod, BasicEarningsPerShareAfterExtraordinaryItems, NumberOfSharesOutstanding; the symbol from a Symbol column or the file name, e.g. tcs.csv).',
    layouts: RESULT_LAYOUTS,
  },
  UPLOAD_UPDATE_COMPANY_PROFILE: {
    type: 'UPLOAD_UPDATE_COMPANY_PROFILE',
    label: toDisplayWords('UPLOAD_UPDATE_COMPANY_PROFILE'),
    noun: 'Company profiles',
    description:
      'NSE index constituent list, the only source of industries (the equity list has none): ind_nifty500list.csv or ind_niftytotalmarket_list.csv from niftyindices.com (Company Name, Industry, Symbol, Series, ISIN Code). Known companies get the industry and name; unknown symbols are created; a company the list does not name keeps its industry.',
    layouts: [INDEX_CONSTITUENTS],
  },
  UPLOAD_INDEX_PRICES: {
    type: 'UPLOAD_INDEX_PRICES',
    label: toDisplayWords('UPLOAD_INDEX_PRICES'),
    noun: 'Index prices',
    description:
      'An index’s daily values: NSE’s historical index data (Date, Open, High, Low, Close, Shares Traded, Turnover (Rs. Cr); dates like 02-Jan-2019 or 2-Jan-19; name the index in the "index" field, e.g. NIFTY 50), NSE’s daily ind_close_all file (every index of one day; "-" where a value is missing), or niftyindices.com’s Total Return Index export ("IndexName","Date","Total Returns Index"; stored as <IndexName> TRI). Rows are merged by index and date: uploading the same file again changes nothing.',
    layouts: INDEX_LAYOUTS,
  },
};

export const UPLOAD_TYPE_INFO_LIST: UploadTypeInfo[] = UPLOAD_TYPES.map((type) => UPLOAD_TYPE_INFO[type]);

/** Layouts of the other upload types (minus any this type shares, like the XBRL fact sheet). */
export function foreignLayouts(uploadType: UploadTypeInfo): ForeignLayout[] {
  const own = new Set(uploadType.layouts.map((layout) => layout.id));
  return UPLOAD_TYPE_INFO_LIST.filter((other) => other.type !== uploadType.type).flatMap((other) =>
    other.layouts.filter((layout) => !own.has(layout.id)).map((layout) => ({ uploadTitle: other.label, layout })),
  );
}
