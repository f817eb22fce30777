/**
 * Turns a text upload into a string before any CSV parsing (STACK.md): byte-order marks removed,
 * UTF-8 (or UTF-16 with a BOM, as Excel's "Unicode text" writes), with Windows-1252 as the
 * fallback for old exports that are not valid UTF-8. Binary data (control bytes other than tab,
 * line feed, carriage return and form feed) is refused: it is neither CSV nor a workbook.
 */
import { BadRequestError } from '../errors.js';

const NOT_A_TABLE = 'The file is not a CSV, XLS or XLSX file (it contains binary data)';

function hasBinaryBytes(bytes: Uint8Array, start: number): boolean {
  for (let index = start; index < bytes.length; index++) {
    const byte = bytes[index]!;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) return true;
    if (byte === 0x7f) return true;
  }
  return false;
}

export function decodeText(bytes: Uint8Array): string {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe)
    return checkedText(new TextDecoder('utf-16le').decode(bytes.subarray(2)));
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff)
    return checkedText(new TextDecoder('utf-16be').decode(bytes.subarray(2)));
  const start = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  if (hasBinaryBytes(bytes, start)) throw new BadRequestError(NOT_A_TABLE);
  const body = bytes.subarray(start);
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body);
  } catch {
    return new TextDecoder('windows-1252').decode(body);
  }
}

function checkedText(text: string): string {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text)) throw new BadRequestError(NOT_A_TABLE);
  return text;
}
