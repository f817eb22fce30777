/**
 * Checks a workbook against size and entry-count limits BEFORE the spreadsheet parser sees it, so a
 * zip bomb (a small .xlsx that inflates to gigabytes) or a compound file with thousands of streams
 * is refused cheaply.
 *
 * .xlsx: the zip central directory is read and every entry is really inflated with Node's zlib,
 * capped at the size the directory declares (a lying directory fails the cap), so the declared
 * total is the true total. .xls: an OLE2 compound file is not compressed; its directory entries
 * are counted with the CFB reader that ships with SheetJS.
 *
 * Size alone does not bound the parser's work: 200 MB of tiny shared strings fit under the inflation
 * limit and keep SheetJS busy for tens of seconds. So every inflated part is also scanned for the
 * elements SheetJS turns into objects, cells (`c`) and shared strings (`si`), whatever the part's
 * name or namespace prefix, and the archive is refused once either count passes the cell limit, or
 * the shared-string parts pass their byte limit (docs/decisions.md#workbooks-bounded-in-work).
 * Zip layout: PKWARE APPNOTE.TXT 4.3.12 (central directory), 4.3.16 (end of central directory).
 */
import zlib from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { megabytes } from '@bazaar/shared/contract';
import { BadRequestError } from '../errors.js';

export interface ArchiveLimits {
  /** Most bytes all entries may inflate to together. */
  maxUncompressedBytes: number;
  /** Most entries (zip members or compound-file streams). */
  maxEntries: number;
}

export interface WorkbookWorkLimits {
  /** Most cells, and most shared strings, all parts together may hold. */
  maxCells: number;
  /** Most bytes the parts holding shared strings may inflate to together. */
  maxSharedStringBytes: number;
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

const LESS_THAN = 0x3c;

/**
 * Counts the cell (`c`) and shared-string (`si`) elements of an XML part, whatever their namespace
 * prefix, in one pass over the bytes (no string is made of a huge part); stops once either count
 * passes its `stopAbove`.
 */
export function countWorkElements(
  xml: Uint8Array,
  stopAbove: { cells: number; sharedStrings: number },
): { cells: number; sharedStrings: number } {
  let cells = 0;
  let sharedStrings = 0;
  let at = xml.indexOf(LESS_THAN);
  while (at >= 0 && cells <= stopAbove.cells && sharedStrings <= stopAbove.sharedStrings) {
    // the tag name runs to white space, '>', '/' or the end; its local name follows the last ':'
    let end = at + 1;
    let local = end;
    for (; end < xml.length; end++) {
      const byte = xml[end]!;
      if (byte === 0x20 || byte === 0x3e || byte === 0x2f || byte === 0x09 || byte === 0x0a || byte === 0x0d) break;
      if (byte === 0x3a) local = end + 1;
    }
    const length = end - local;
    if (length === 1 && xml[local] === 0x63) cells++;
    else if (length === 2 && xml[local] === 0x73 && xml[local + 1] === 0x69) sharedStrings++;
    at = xml.indexOf(LESS_THAN, end);
  }
  return { cells, sharedStrings };
}

/** What the parser will have to build from the parts seen so far. */
interface WorkTally {
  cells: number;
  sharedStrings: number;
  sharedStringBytes: number;
}

// binary (.xlsb) records are at least this long: a cell 14 bytes, a shared string 7
const BINARY_CELL_BYTES = 14;
const BINARY_STRING_BYTES = 7;

function tallyPart(name: string, content: Uint8Array, tally: WorkTally, limits: WorkbookWorkLimits): void {
  if (/\.bin$/i.test(name)) {
    if (/sharedStrings/i.test(name)) {
      tally.sharedStrings += Math.floor(content.length / BINARY_STRING_BYTES);
      tally.sharedStringBytes += content.length;
    } else if (/worksheets\//i.test(name)) tally.cells += Math.floor(content.length / BINARY_CELL_BYTES);
  } else {
    const found = countWorkElements(content, {
      cells: limits.maxCells - tally.cells,
      sharedStrings: limits.maxCells - tally.sharedStrings,
    });
    tally.cells += found.cells;
    if (found.sharedStrings > 0) {
      tally.sharedStrings += found.sharedStrings;
      tally.sharedStringBytes += content.length;
    }
  }
  const cap = limits.maxCells.toLocaleString('en-US');
  if (tally.cells > limits.maxCells)
    refuse(`it holds more than ${cap} cells, the most a workbook may have (split it, or upload the data as CSV)`);
  if (tally.sharedStrings > limits.maxCells)
    refuse(`it holds more than ${cap} shared strings, the most a workbook may have (one per cell at most)`);
  if (tally.sharedStringBytes > limits.maxSharedStringBytes) refuseSharedStringBytes(limits);
}

function refuseSharedStringBytes(limits: WorkbookWorkLimits): never {
  refuse(
    `its shared strings expand beyond ${megabytes(limits.maxSharedStringBytes)}, the most a workbook may have (split it, or upload the data as CSV)`,
  );
}

/** A zip entry as its central directory declares it. */
interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localOffset: number;
}

/**
 * An .xlsx (zip) file's central directory, with every check its declared sizes allow (the entry count, the
 * sizes inflated together, encryption, a shared-strings part too big): nothing is inflated, so it is cheap
 * enough for the event loop, and a bomb declared as one is refused before a worker thread starts.
 */
export function zipDirectory(bytes: Uint8Array, limits: ArchiveLimits, work?: WorkbookWorkLimits): ZipEntry[] {
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

  const entries: ZipEntry[] = [];
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
    // the usual shared-strings part, too big by its declared size: refused before inflating it
    if (work && /sharedStrings\.(xml|bin)$/i.test(name) && uncompressedSize > work.maxSharedStringBytes)
      refuseSharedStringBytes(work);
    entries.push({ name, method, compressedSize, uncompressedSize, localOffset });
  }
  return entries;
}

/**
 * Verifies an .xlsx (zip) file; answers the names of its entries. With `work` limits, the cells and
 * shared strings of every part are counted too (above).
 */
export function checkZipArchive(bytes: Uint8Array, limits: ArchiveLimits, work?: WorkbookWorkLimits): string[] {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const names: string[] = [];
  const tally: WorkTally = { cells: 0, sharedStrings: 0, sharedStringBytes: 0 };
  for (const { name, method, compressedSize, uncompressedSize, localOffset } of zipDirectory(bytes, limits, work)) {
    // inflate for real, capped at the declared size: a directory that lies about sizes fails here
    if (localOffset + 30 > buffer.length || buffer.readUInt32LE(localOffset) !== LOCAL_SIGNATURE)
      refuse('the zip archive is damaged');
    const dataStart = localOffset + 30 + buffer.readUInt16LE(localOffset + 26) + buffer.readUInt16LE(localOffset + 28);
    if (dataStart + compressedSize > buffer.length) refuse('the zip archive is truncated');
    const data = buffer.subarray(dataStart, dataStart + compressedSize);
    let content: Uint8Array = data;
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
      content = inflated;
    } else {
      refuse(`entry ${name} uses an unsupported compression method (${method})`);
    }
    if (work) tallyPart(name, content, tally, work);
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
