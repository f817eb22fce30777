/**
 * Zip archives of data files (NSE distributes each day's bhavcopy as `cm02JAN2019bhav.csv.zip`,
 * and staff zip whole months or years): the members are read in memory with fflate's streaming
 * reader, which inflates each member chunk by chunk, so the caps below hold on the bytes really
 * produced, whatever the archive's headers claim (docs/decisions.md#bulk-backfill-zip-archives).
 *
 * - at most `maxEntries` members (directories and macOS `__MACOSX/` or dot-file clutter not counted);
 * - at most `maxUncompressedBytes` inflated in all, across nested archives (a "zip bomb" stops at
 *   the first chunk over the cap);
 * - a member that is itself a zip (a folder of NSE's daily zips, zipped) is opened too, one level deep.
 *
 * A zip that is an .xlsx workbook is not an archive of files: `isFileArchive` tells them apart by
 * the workbook's `[Content_Types].xml` member, so workbooks keep going to the spreadsheet reader.
 */
import { Unzip, UnzipInflate, UnzipPassThrough, unzipSync, type UnzipFile } from 'fflate';
import { megabytes } from '@bazaar/shared/contract';
import { BadRequestError } from '../errors.js';

export interface ZipLimits {
  maxEntries: number;
  maxUncompressedBytes: number;
}

export interface ZipMember {
  /** The member's file name, without the folders it sat in. */
  name: string;
  bytes: Uint8Array;
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP_MAGIC = [0x50, 0x4b, 0x05, 0x06];

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return bytes.length >= magic.length && magic.every((value, index) => bytes[index] === value);
}

/** Names in an archive that are not data: folders, macOS resource forks, hidden files. */
function isClutter(path: string): boolean {
  const base = path.split('/').pop() ?? '';
  return path.endsWith('/') || path.startsWith('__MACOSX/') || path.includes('/__MACOSX/') || base.startsWith('.');
}

function refuse(archive: string, reason: string): never {
  throw new BadRequestError(`The zip archive ${archive} was not read: ${reason}`);
}

/** Reads every member of a zip, inflating with a running byte budget shared by nested archives. */
function readMembers(archive: string, bytes: Uint8Array, limits: ZipLimits, budget: { bytes: number }): ZipMember[] {
  const members: ZipMember[] = [];
  let failure: Error | undefined;
  const unzip = new Unzip((file: UnzipFile) => {
    if (failure || isClutter(file.name)) return;
    if (members.length + 1 > limits.maxEntries) {
      failure = new BadRequestError(
        `The zip archive ${archive} was not read: it holds more than ${limits.maxEntries.toLocaleString('en-US')} files, the most one upload may hold`,
      );
      return;
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    file.ondata = (error, chunk, final) => {
      if (failure) return;
      if (error) {
        failure = new BadRequestError(`The zip archive ${archive} was not read: ${file.name} is damaged`);
        return;
      }
      size += chunk.length;
      budget.bytes -= chunk.length;
      if (budget.bytes < 0) {
        failure = new BadRequestError(
          `The zip archive ${archive} was not read: its contents expand beyond ${megabytes(limits.maxUncompressedBytes)} (a compressed "zip bomb", or split it into smaller archives)`,
        );
        file.terminate();
        return;
      }
      chunks.push(chunk);
      if (final) members.push({ name: file.name.split('/').pop()!, bytes: joinChunks(chunks, size) });
    };
    try {
      file.start();
    } catch {
      failure = new BadRequestError(
        `The zip archive ${archive} was not read: ${file.name} uses a compression method other than deflate`,
      );
    }
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  try {
    unzip.push(bytes, true);
  } catch (error) {
    if (failure) throw failure;
    if (error instanceof BadRequestError) throw error;
    refuse(archive, 'it is truncated or damaged');
  }
  if (failure) throw failure;
  return members;
}

function joinChunks(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const joined = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    joined.set(chunk, at);
    at += chunk.length;
  }
  return joined;
}

/** True when the bytes are a zip archive of files (a zip that is not an .xlsx workbook). */
export function isFileArchive(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, ZIP_MAGIC) && !startsWith(bytes, EMPTY_ZIP_MAGIC)) return false;
  // a workbook names its parts in [Content_Types].xml; the directory's names are read, nothing inflated
  let workbook = false;
  try {
    unzipSync(bytes, {
      filter: (entry) => {
        if (entry.name === '[Content_Types].xml') workbook = true;
        return false;
      },
    });
  } catch {
    // a damaged zip: the workbook reader says what is wrong with it
    return false;
  }
  return !workbook;
}

/**
 * The data files of an archive, in the archive's order; members that are zips themselves are
 * replaced by their own members (one level). Refuses the whole archive when a cap is passed.
 */
export function unzipFiles(archive: string, bytes: Uint8Array, limits: ZipLimits): ZipMember[] {
  if (startsWith(bytes, EMPTY_ZIP_MAGIC)) refuse(archive, 'it is empty');
  const budget = { bytes: limits.maxUncompressedBytes };
  const files: ZipMember[] = [];
  for (const member of readMembers(archive, bytes, limits, budget)) {
    if (isFileArchive(member.bytes)) {
      for (const inner of readMembers(`${archive} › ${member.name}`, member.bytes, limits, budget)) {
        if (isFileArchive(inner.bytes)) refuse(archive, `${inner.name} is a zip inside a zip inside a zip`);
        files.push(inner);
      }
      // the nested archive's own bytes no longer count: only what it expanded to is kept
      budget.bytes += member.bytes.length;
    } else files.push(member);
    if (files.length > limits.maxEntries)
      refuse(
        archive,
        `it holds more than ${limits.maxEntries.toLocaleString('en-US')} files, the most one upload may hold`,
      );
  }
  if (files.length === 0) refuse(archive, 'it holds no files');
  return files;
}
