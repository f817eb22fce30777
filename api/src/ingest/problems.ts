/**
 * Row-level problems of an upload. Every row is checked; the first 20 problems (line, column,
 * reason) go back to the uploader with the total count, and nothing is written when there is any.
 */
import { MAX_REPORTED_PROBLEMS, type UploadRowProblem, type UploadRowProblemsDetails } from '@bazaar/shared/contract';
import { BadRequestError } from '../errors.js';

export class ProblemList {
  readonly problems: UploadRowProblem[] = [];
  count = 0;

  add(line: number, column: string, message: string): void {
    this.count++;
    if (this.problems.length < MAX_REPORTED_PROBLEMS) this.problems.push({ line, column, message });
  }

  /** A cell that failed its check: "is required" when empty, else the start of the text and `reason`. */
  addInvalid(line: number, column: string, text: string, reason: string, shown = 30): void {
    this.add(line, column, text === '' ? 'is required' : `'${text.slice(0, shown)}' ${reason}`);
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
    const details: UploadRowProblemsDetails = { problemCount: this.count, problems: this.problems };
    throw new BadRequestError(
      `The ${what} file was not loaded: ${where}: ${first.message}${more}. Nothing was saved.`,
      details,
    );
  }
}
