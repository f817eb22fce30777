/**
 * The element/fact layout of NSE's XBRL filings converted to a sheet (`Sr.No., Element Name,
 * Period, Unit, Decimals, Fact Value`, one fact per row). Quirk kept from the source: the column
 * headed "Unit" holds the XBRL context id — OneD is the reported quarter, FourD year-to-date, OneI
 * an instant (balance-sheet date), longer ids are segment or note facts; general facts (Symbol,
 * dates, ReportingQuarter…) have no context. One file normally holds one filing; a `Symbol` fact
 * after a complete filing starts the next one, so several filings may share a file.
 */
import { matchHeader, type ForeignLayout, type LayoutSpec, type TableSource } from '../../files/table.js';
import { ProblemList } from '../problems.js';

export type FactColumn = 'serial' | 'element' | 'period' | 'context' | 'decimals' | 'value';

export const XBRL_FACTS: LayoutSpec<FactColumn> = {
  id: 'XBRL_FACTS',
  title: 'XBRL element/fact sheet',
  columns: [
    { key: 'serial', names: ['Sr.No.', 'Sr. No.', 'Sr No'], required: false },
    { key: 'element', names: ['Element Name'], required: true },
    { key: 'period', names: ['Period'], required: false },
    { key: 'context', names: ['Unit', 'Context'], required: true },
    { key: 'decimals', names: ['Decimals'], required: false },
    { key: 'value', names: ['Fact Value'], required: true },
  ],
};

export interface Fact {
  value: string;
  line: number;
}

export interface Filing {
  /** Line of the filing's first fact. */
  line: number;
  /** Facts without a context (Symbol, DateOfEndOfReportingPeriod…): first occurrence. */
  general: Map<string, Fact>;
  /** Facts with a context, keyed `context:element`: first occurrence. */
  contextual: Map<string, Fact>;
}

/**
 * Collects facts row by row (after the header matched XBRL_FACTS). `problems` receives structural
 * issues: a fact before any Symbol, a missing or malformed element name.
 */
export class FactCollector {
  readonly filings: Filing[] = [];
  rowsInFile = 0;
  private current: Filing | undefined;

  constructor(
    private readonly index: Partial<Record<FactColumn, number>>,
    private readonly problems: ProblemList,
  ) {}

  add(cells: string[], line: number): void {
    this.rowsInFile++;
    const element = cells[this.index.element!] ?? '';
    const context = cells[this.index.context!] ?? '';
    const value = cells[this.index.value!] ?? '';
    if (element === '') {
      this.problems.add(line, 'Element Name', 'is required');
      return;
    }
    if (!/^[A-Za-z][A-Za-z0-9_]{0,200}$/.test(element)) {
      this.problems.add(line, 'Element Name', `'${element.slice(0, 60)}' is not an element name`);
      return;
    }
    if (element === 'Symbol' && context === '' && (!this.current || this.current.general.has('Symbol'))) {
      this.current = { line, general: new Map(), contextual: new Map() };
      this.filings.push(this.current);
    }
    if (!this.current) {
      this.problems.add(line, 'Element Name', `the fact ${element} comes before the filing's Symbol fact`);
      return;
    }
    const target = context === '' ? this.current.general : this.current.contextual;
    const key = context === '' ? element : `${context}:${element}`;
    if (!target.has(key)) target.set(key, { value, line });
  }
}

/** What the results and balance-sheet records share: one company, basis and period end. */
export interface PeriodRecord {
  line: number;
  symbol: string;
  natureOfReport: string;
  dateOfEndOfReportingPeriod: string;
}

export interface FilingsOrTable<R extends PeriodRecord> {
  /** The upload type's layouts: XBRL_FACTS and its table layout(s). */
  layouts: LayoutSpec[];
  uploadLabel: string;
  others: ForeignLayout[];
  /** A record from one row of a table layout (undefined when the row has problems). */
  readRow(cells: string[], line: number, index: Partial<Record<string, number>>, problems: ProblemList): R | undefined;
  /** A record from one filing of a fact sheet (undefined when the filing has problems). */
  readFiling(filing: Filing, problems: ProblemList): R | undefined;
  /** The filings this upload type takes, for "no Symbol fact: this is not a <filings> filing". */
  filings: string;
  /** A record in words, for the message about two records of one company, basis and date. */
  describe(record: R): string;
  /** The file, for "The <what> file was not loaded". */
  what: string;
}

/**
 * The frame of the results and balance-sheet uploads: a file is either an element/fact sheet (one
 * record per filing) or a table (one record per row); either way every record is checked, two
 * records for one company, basis and date are a problem, and any problem rejects the file.
 */
export function parseFilingsOrTable<R extends PeriodRecord>(
  table: TableSource,
  spec: FilingsOrTable<R>,
): { layout: string; rowsInFile: number; records: R[] } {
  const problems = new ProblemList();
  let layout: LayoutSpec | undefined;
  let index: Partial<Record<string, number>> = {};
  let facts: FactCollector | undefined;
  const records: R[] = [];
  let rowsInFile = 0;

  table.forEachRecord((cells, line) => {
    if (!layout) {
      const matched = matchHeader(cells, spec.layouts, spec.uploadLabel, spec.others);
      layout = matched.layout;
      index = matched.index;
      if (layout === XBRL_FACTS) facts = new FactCollector(matched.index, problems);
      return;
    }
    rowsInFile++;
    if (facts) facts.add(cells, line);
    else {
      const record = spec.readRow(cells, line, index, problems);
      if (record) records.push(record);
    }
  });

  if (!layout) problems.add(1, '', 'the file has no header line and no rows');
  else if (rowsInFile === 0) problems.add(2, '', 'the file has a header but no rows');
  if (facts) {
    if (facts.filings.length === 0 && rowsInFile > 0 && problems.count === 0)
      problems.add(2, 'Element Name', `no Symbol fact: this is not a ${spec.filings} filing`);
    for (const filing of facts.filings) {
      const record = spec.readFiling(filing, problems);
      if (record) records.push(record);
    }
  }
  rejectRepeats(records, problems, spec.describe);
  problems.throwIfAny(spec.what);
  return { layout: layout!.id, rowsInFile, records };
}

/** Two records for the same company, basis and date in one file are a problem. */
function rejectRepeats<R extends PeriodRecord>(
  records: R[],
  problems: ProblemList,
  describe: (record: R) => string,
): void {
  const seen = new Map<string, number>();
  for (const record of records) {
    const key = `${record.symbol}|${record.natureOfReport}|${record.dateOfEndOfReportingPeriod}`;
    const earlier = seen.get(key);
    if (earlier !== undefined)
      problems.add(record.line, '', `repeats line ${earlier}: ${describe(record)} appear twice in the file`);
    else seen.set(key, record.line);
  }
}
