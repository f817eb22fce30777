/**
 * What an upload answers beyond its message: the row problems of a refused file and the corporate-actions report.
 * Shown only after an upload, so they load then (docs/decisions.md#dialogs-on-demand).
 */
export { CorporateActionsReport } from './corporate-actions-report';
export { UploadProblems } from './upload-problems';
