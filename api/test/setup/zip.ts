/**
 * A zip writer of a few lines over node:zlib (deflate, no extras), for tests that build archives
 * by hand: workbooks, zips of bhavcopies, bombs and archives that lie about their sizes. One home
 * for the API's upload tests, the end-to-end uploads and the security suite's workbook; it
 * imports nothing of the API, so any package's tests may use it.
 */
import zlib from 'node:zlib';

/** An entry already deflated (raw deflate), e.g. streamed part by part so that it never sits in memory whole. */
export interface DeflatedEntry {
  name: string;
  compressed: Buffer;
  /** CRC-32 of the inflated bytes. */
  crc: number;
  /** The inflated size the archive states. */
  size: number;
}

export interface ZipEntry {
  name: string;
  data: Buffer;
  /** Store this size in the directory instead of the real one (a lying archive). */
  declaredSize?: number;
}

/**
 * The fields a zip entry's local header (from offset 4) and its central directory record (from
 * offset 6) share: version needed, flags, method (deflate), CRC-32, both sizes, name length.
 */
function writeEntryFields(header: Buffer, at: number, entry: DeflatedEntry, nameLength: number): void {
  header.writeUInt16LE(20, at);
  header.writeUInt16LE(0, at + 2);
  header.writeUInt16LE(8, at + 4);
  header.writeUInt32LE(entry.crc, at + 10);
  header.writeUInt32LE(entry.compressed.length, at + 14);
  header.writeUInt32LE(entry.size, at + 18);
  header.writeUInt16LE(nameLength, at + 22);
}

/** A zip archive of deflated entries: local headers and data, the central directory, its end record. */
export function zipArchive(entries: DeflatedEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeEntryFields(local, 4, entry, name.length);
    locals.push(local, name, entry.compressed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    writeEntryFields(central, 6, entry, name.length);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + entry.compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A zip archive of these files, each deflated here. */
export function buildZip(entries: ZipEntry[]): Buffer {
  return zipArchive(
    entries.map((entry) => ({
      name: entry.name,
      compressed: zlib.deflateRawSync(entry.data),
      crc: zlib.crc32(entry.data),
      size: entry.declaredSize ?? entry.data.length,
    })),
  );
}
