/**
 * Checks a workbook against size and entry-count limits BEFORE the spreadsheet parser sees it, so a
 * zip bomb (a small .xlsx that inflates to gigabytes) or a compound file with thousands of streams
 * is refused cheaply.
 *
 * .xlsx: the zip central directory is read and every entry is really inflated with Node's zlib,
 * capped at the size the directory declares (a lying directory fails the cap), so the declared
 * total is the true total. .xls: an OLE2 compound file is not compressed; its directory entries
 * are counted with the CFB reader that ships with SheetJS.
 * Zip layout: PKWARE APPNOTE.TXT 4.3.12 (central directory), 4.3.16 (end of central directory).
 */
import zlib from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { megabytes } from '@bazaar/shared/contract';
import { BadRequestError } from '../../errors.js';

export interface ArchiveLimits {
  /** Most bytes all entries may inflate to together. */
  maxUncompressedBytes: number;
  /** Most entries (zip members or compound-file streams). */
  maxEntries: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;

function refuse(reason: string): never {
  throw new BadRequestError(`The workbook was refused before reading: ${reason}`);
}

function findEndOfCentralDirectory(buffer: Buffer): number {
  // the record is 22 bytes plus a comment of up to 65,535 bytes, at the very end
  const earliest = Math.max(0, buffer.length - 22 - 0xffff);
  for (let offset = buffer.length - 22; offset >= earliest; offset--) {
    if (buffer.readUInt32LE(offset) === EOCD_SIGNATURE) return offset;
  }
  return -1;
}

/** Verifies an .xlsx (zip) file; answers the names of its entries. */
export function checkZipArchive(bytes: Uint8Array, limits: ArchiveLimits): string[] {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.length < 22) refuse('the zip archive is truncated');
  const eocd = findEndOfCentralDirectory(buffer);
  if (eocd < 0) refuse('the zip archive is truncated or damaged (no central directory)');
  const entryCount = buffer.readUInt16LE(eocd + 10);
  const directorySize = buffer.readUInt32LE(eocd + 12);
  const directoryOffset = buffer.readUInt32LE(eocd + 16);
  if (entryCount === 0xffff || directoryOffset === 0xffffffff) refuse('ZIP64 archives are not accepted');
  if (entryCount > limits.maxEntries) refuse(`it has ${entryCount} entries; at most ${limits.maxEntries} are allowed`);
  if (directoryOffset + directorySize > eocd) refuse('the zip archive is truncated or damaged');

  const names: string[] = [];
  let declaredTotal = 0;
  let position = directoryOffset;
  for (let index = 0; index < entryCount; index++) {
    if (position + 46 > buffer.length || buffer.readUInt32LE(position) !== CENTRAL_SIGNATURE)
      refuse('the zip directory is damaged');
    const flags = buffer.readUInt16LE(position + 8);
    const method = buffer.readUInt16LE(position + 10);
    const compressedSize = buffer.readUInt32LE(position + 20);
    const uncompressedSize = buffer.readUInt32LE(position + 24);
    const nameLength = buffer.readUInt16LE(position + 28);
    const extraLength = buffer.readUInt16LE(position + 30);
    const commentLength = buffer.readUInt16LE(position + 32);
    const localOffset = buffer.readUInt32LE(position + 42);
    const name = buffer.toString('utf8', position + 46, position + 46 + nameLength);
    position += 46 + nameLength + extraLength + commentLength;

    if (flags & 0x1) refuse('encrypted workbooks are not accepted');
    declaredTotal += uncompressedSize;
    if (declaredTotal > limits.maxUncompressedBytes) {
      refuse(
        `its contents would expand beyond ${megabytes(limits.maxUncompressedBytes)} (a compressed "zip bomb" or an unreasonably large workbook)`,
      );
    }

    // inflate for real, capped at the declared size: a directory that lies about sizes fails here
    if (localOffset + 30 > buffer.length || buffer.readUInt32LE(localOffset) !== LOCAL_SIGNATURE)
      refuse('the zip archive is damaged');
    const dataStart = localOffset + 30 + buffer.readUInt16LE(localOffset + 26) + buffer.readUInt16LE(localOffset + 28);
    if (dataStart + compressedSize > buffer.length) refuse('the zip archive is truncated');
    const data = buffer.subarray(dataStart, dataStart + compressedSize);
    if (method === 0) {
      if (compressedSize !== uncompressedSize) refuse(`entry ${name} is damaged`);
    } else if (method === 8) {
      let inflated: Buffer;
      try {
        inflated = zlib.inflateRawSync(data, { maxOutputLength: Math.max(uncompressedSize, 1) });
      } catch {
        refuse(`entry ${name} inflates beyond its declared size or is damaged (a compressed "zip bomb"?)`);
      }
      if (inflated.length !== uncompressedSize) refuse(`entry ${name} does not match its declared size`);
    } else {
      refuse(`entry ${name} uses an unsupported compression method (${method})`);
    }
    names.push(name);
  }
  return names;
}

/** Verifies an .xls (OLE2 compound) file: its streams are counted, its size is the file's. */
export function checkCompoundFile(bytes: Uint8Array, limits: ArchiveLimits): void {
  if (bytes.length > limits.maxUncompressedBytes) refuse(`it is larger than ${megabytes(limits.maxUncompressedBytes)}`);
  let container: { FileIndex: unknown[] };
  try {
    container = XLSX.CFB.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      type: 'buffer',
    }) as unknown as { FileIndex: unknown[] };
  } catch {
    refuse('the .xls file is truncated or damaged');
  }
  if (container.FileIndex.length > limits.maxEntries)
    refuse(`it has ${container.FileIndex.length} streams; at most ${limits.maxEntries} are allowed`);
}
