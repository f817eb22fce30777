/**
 * Row-level problems of an upload. Every row is checked; the first 20 problems (line, column,
 * reason) go back to the uploader with the total count, and nothing is written when there is any.
 */
import { BadRequestError } from '../errors.js';

export const MAX_REPORTED_PROBLEMS = 20;

export interface RowProblem {
  /** 1-based line of the file (or sheet row of a workbook). */
  line: number;
  /** The column's name as the layout calls it ('' when the problem is the whole row). */
  column: string;
  message: string;
}

export interface RejectedFileDetails {
  problemCount: number;
  problems: RowProblem[];
}

export class ProblemList {
  readonly problems: RowProblem[] = [];
  count = 0;

  add(line: number, column: string, message: string): void {
    this.count++;
    if (this.problems.length < MAX_REPORTED_PROBLEMS) this.problems.push({ line, column, message });
  }

  /** Throws the 400 answer when any problem was found. */
  throwIfAny(what: string): void {
    if (this.count === 0) return;
    const first = this.problems[0]!;
    const where = `line ${first.line}${first.column ? `, column ${first.column}` : ''}`;
    const more =
      this.count > 1
        ? ` (${this.count.toLocaleString('en-US')} problems in all; the first ${Math.min(this.count, MAX_REPORTED_PROBLEMS)} are listed)`
        : '';
    const details: RejectedFileDetails = { problemCount: this.count, problems: this.problems };
    throw new BadRequestError(
      `The ${what} file was not loaded: ${where}: ${first.message}${more}. Nothing was saved.`,
      details,
    );
  }
}
