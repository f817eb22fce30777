/**
 * What an uploaded file really is, told by its content (magic bytes), not by its name: an .xlsx
 * workbook is a zip archive, an .xls workbook an OLE2 compound file, anything else must be text
 * (CSV). A name's extension that disagrees with the content does not matter; an empty file, a zip
 * that is not a workbook or binary data that is neither is refused with a clear message.
 */
import type { UploadFileFormat } from '@bazaar/shared/contract';
import { BadRequestError } from '../errors.js';

export type FileFormat = UploadFileFormat;

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP_MAGIC = [0x50, 0x4b, 0x05, 0x06];
const OLE2_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  if (bytes.length < magic.length) return false;
  return magic.every((value, index) => bytes[index] === value);
}

export function detectFileFormat(bytes: Uint8Array): FileFormat {
  if (bytes.length === 0) throw new BadRequestError('The file is empty');
  if (startsWith(bytes, ZIP_MAGIC) || startsWith(bytes, EMPTY_ZIP_MAGIC)) return 'xlsx';
  if (startsWith(bytes, OLE2_MAGIC)) return 'xls';
  return 'csv';
}
