/**
 * The element/fact layout of NSE's XBRL filings converted to a sheet (`Sr.No., Element Name,
 * Period, Unit, Decimals, Fact Value`, one fact per row). Quirk kept from the source: the column
 * headed "Unit" holds the XBRL context id — OneD is the reported quarter, FourD year-to-date, OneI
 * an instant (balance-sheet date), longer ids are segment or note facts; general facts (Symbol,
 * dates, ReportingQuarter…) have no context. One file normally holds one filing; a `Symbol` fact
 * after a complete filing starts the next one, so several filings may share a file.
 */
import type { LayoutSpec } from '../file/table.js';
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
