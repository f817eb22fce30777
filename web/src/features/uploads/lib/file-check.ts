/**
 * The upload screen's file rule (docs/product/uploads.md#validation): the MIME type must be csv, the old spreadsheet
 * type or the newer one. Browsers on some systems report no MIME type at all for a .csv file (an
 * empty string): then, and only then, the extension decides. The server recognises the content
 * anyway; this check only spares a pointless upload.
 */
import { MESSAGES, UPLOAD_FILE_EXTENSIONS, UPLOAD_MIME_TYPES } from '@bazaar/shared';

export function fileProblem(file: File | null): string | null {
  if (!file) return null;
  const type = file.type.trim().toLowerCase();
  if (type !== '')
    return (UPLOAD_MIME_TYPES as readonly string[]).includes(type) ? null : MESSAGES.upload.fileTypeInvalid;
  const name = file.name.toLowerCase();
  return UPLOAD_FILE_EXTENSIONS.some((extension) => name.endsWith(extension)) ? null : MESSAGES.upload.fileTypeInvalid;
}

/** What the file input offers to pick. */
export const FILE_ACCEPT = [...UPLOAD_FILE_EXTENSIONS, ...UPLOAD_MIME_TYPES].join(',');

/** What a browser may call a .zip file (some systems report none: then the extension decides). */
const ZIP_MIME_TYPES = ['application/zip', 'application/x-zip-compressed', 'application/x-zip', 'multipart/x-zip'];

/**
 * The bulk backfill's file rule (docs/product/uploads.md#bulk-backfill): what a single upload takes,
 * or a zip archive (of bhavcopies). Browsers disagree on a zip's MIME type, so its extension counts too.
 */
export function batchFileProblem(file: File): string | null {
  const type = file.type.trim().toLowerCase();
  const name = file.name.toLowerCase();
  if (name.endsWith('.zip') || ZIP_MIME_TYPES.includes(type)) return null;
  return fileProblem(file) === null ? null : MESSAGES.upload.batchFileTypeInvalid;
}

/** What the bulk backfill's file input offers to pick. */
export const BATCH_FILE_ACCEPT = [FILE_ACCEPT, '.zip', ...ZIP_MIME_TYPES].join(',');
