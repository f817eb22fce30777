/**
 * Business constants and limits of the product (docs/product/common.md#constants-and-limits), in one place so that the
 * web app, the BFF and the REST API agree on them.
 */

export const ROLE_USER = 'ROLE_USER';
export const ROLE_STAFF = 'ROLE_STAFF';
export const ROLE_ADMIN = 'ROLE_ADMIN';
export const ROLES = [ROLE_USER, ROLE_STAFF, ROLE_ADMIN] as const;
export type RoleName = (typeof ROLES)[number];

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 32;
export const MOBILE_NUMBER_LENGTH = 10;

/** How often the browser re-checks the session expiry (ms). */
export const TOKEN_CHECK_INTERVAL_MS = 60_000;
/** How long an upload's success or error message stays on screen (ms). */
export const UPLOAD_MESSAGE_TIMEOUT_MS = 5_000;
/** How often the navbar refreshes the displayed username (ms). */
export const USERNAME_REFRESH_INTERVAL_MS = 1_000;

export const TABLE_PAGE_SIZE = 10;
export const TREND_PAGE_SIZE_DESKTOP = 25;
export const TREND_PAGE_SIZE_MOBILE = 5;
export const TREND_GRID_COLUMNS = 5;
export const PAGER_MAX_LINKS = 7;

export const MOBILE_BREAKPOINT_PX = 425;
/** At this width and below, tables are card lists and dialogs full-screen (docs/product/common.md#generic-tables). */
export const CARD_LIST_BREAKPOINT_PX = 576;
export const NAVBAR_BREAKPOINT_PX = 768;
export const LINE_CHART_MAX_TICKS_DESKTOP = 8;
export const LINE_CHART_MAX_TICKS_MOBILE = 4;
export const CANDLESTICK_CHART_HEIGHT = 500;
export const SMA_DOT_COLOURS = ['red', 'green', 'blue', 'yellow', 'brown', 'pink'] as const;

export const EXCHANGES = ['NSE', 'BSE'] as const;
export type Exchange = (typeof EXCHANGES)[number];

export const HOLDING_STATUSES = ['REALIZED', 'UNREALIZED'] as const;
export type HoldingStatus = (typeof HOLDING_STATUSES)[number];

/**
 * The most holding rows (open and sold, every firm and segment) one account keeps: 20 trades every
 * trading day for four years, far beyond a real investor, and small enough that every holdings
 * answer stays bounded (docs/decisions.md#holdings-bounded-per-account).
 */
export const MAX_HOLDING_ROWS_PER_USER = 20_000;

export const TREND_PERIODS = ['WEEKLY', 'MONTHLY', 'QUARTERLY', 'HALFYEARLY', 'YEARLY'] as const;
export type TrendPeriod = (typeof TREND_PERIODS)[number];
/**
 * A candle's span (docs/integrators.md#the-datas-definitions): one trading day, or a calendar week
 * (Monday to Sunday) or month of trading days, dated by its first trading day.
 */
export const CANDLE_INTERVALS = ['DAY', 'WEEK', 'MONTH'] as const;
export type CandleInterval = (typeof CANDLE_INTERVALS)[number];
/** The most symbols one batched read of quotes or candles names (docs/integrators.md#batching). */
export const MAX_BATCH_SYMBOLS = 50;
/** The calendar years corporate actions can be asked for by (their ex-dates'). */
export const CORPORATE_ACTION_YEARS = { first: 1990, last: 2100 } as const;
/** Row clicks on stock prices and corporate actions open company analysis with this trend. */
export const DEFAULT_TREND: TrendPeriod = 'YEARLY';

export const UPLOAD_TYPES = [
  'UPLOAD_CORPORATE_ACTIONS',
  'UPLOAD_STOCK_PRICE',
  'UPLOAD_STOCK',
  'UPLOAD_FINANCIAL_STATEMENT',
  'UPLOAD_FINANCIAL_REPORT',
  'UPLOAD_UPDATE_COMPANY_PROFILE',
  'UPLOAD_INDEX_PRICES',
] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/** MIME types the upload screen accepts: csv, the old and the newer spreadsheet types. */
export const UPLOAD_MIME_TYPES = [
  'text/csv',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
] as const;
export const UPLOAD_FILE_EXTENSIONS = ['.csv', '.xls', '.xlsx'] as const;

/** Terms of Service and Privacy Policy effective date. */
export const LEGAL_EFFECTIVE_DATE = '15-Mar-2025';

/** The exchange's time zone: market dates are dates in this zone. */
export const EXCHANGE_TIME_ZONE = 'Asia/Kolkata';

/**
 * The places of the served page (docs/decisions.md#the-first-paint-from-the-html): the build leaves them in
 * index.html (web/vite.config.ts, web/src/app/first-paint.tsx) and the BFF fills them (bff/src/http/web-app.ts).
 * The two attributes on <html> are read by CSS too (web/src/app/global.css), which cannot import them.
 */
export const SERVED_PAGE = {
  /** Where the BFF writes the market-data status, as JSON in a script element of id `statusScriptId`. */
  statusMarker: '<!--market-data-status-->',
  statusScriptId: 'market-data-status',
  /** On <html> when the demo market is loaded: the served demo banner shows. */
  demoMarketAttribute: 'data-demo-market',
  /** On <html> with the value `companyAnalysisPage` when the company's name is written in: its heading shows. */
  pageAttribute: 'data-first-paint-page',
  companyAnalysisPage: 'company-analysis',
  /** Where the BFF writes the company's name and symbol, HTML-escaped. */
  companyNameSlot: '__first_paint_company_name__',
  companySymbolSlot: '__first_paint_company_symbol__',
} as const;
