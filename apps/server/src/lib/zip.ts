import { crc32, deflateRawSync } from 'node:zlib';
import { Transform, type Readable } from 'node:stream';
import yauzl from 'yauzl';
import { HttpError } from './errors.js';

/*
 * Uploaded zips (a QTI content package, ADR 064; a OneRoster export, ADR 065), read with yauzl: the directory is
 * checked before any entry is inflated — the number of entries, the sum of the sizes they declare (a zip bomb is
 * refused before it unpacks), no absolute or `..` paths, no links — and each entry is counted again as it inflates
 * (yauzl checks it against the size it declares; the limit holds whatever it declares). And a small writer for
 * exports and tests.
 */

const MB = 1024 * 1024;

/** What a feature accepts in one zip. */
export interface ZipLimits {
  /** Entries in the directory. */
  entries: number;
  /** The sum of the entries' declared unpacked sizes, in bytes. */
  unpackedBytes: number;
  /** One entry unpacked, in bytes (checked when it is read: a package may carry larger files it never reads). */
  entryBytes: number;
}

/** `what` is too large: a 413 that says the limit. */
export const tooLarge = (what: string, limit: number) =>
  new HttpError(413, `${what} is too large: at most ${Math.round(limit / MB)} MB`);

/** Fails the stream once more than `limit` bytes went through it. */
export function byteLimit(limit: number, what: string): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > limit ? tooLarge(what, limit) : null, chunk);
    },
  });
}

/** Why an entry's path is refused (it could step out of a folder or name another drive), or null. */
export function unsafeZipPath(name: string): string | null {
  if (name.includes('\\')) return 'uses backslashes';
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return 'is absolute';
  if (name.split('/').some((part) => part === '..')) return 'leaves the archive (`..`)';
  if (name.includes('\u0000')) return 'contains a NUL character';
  return null;
}

/** An opened zip: its files' names (folders left out), each read only when asked for, within the limits. */
export interface ZipArchive {
  names: string[];
  /** The entry's bytes as they inflate (more than `entryBytes` fails the stream with a 413). */
  stream(name: string): Promise<Readable>;
  /** The entry's bytes, at most `entryBytes`. */
  read(name: string): Promise<Buffer>;
  close(): void;
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const unreadable = (error: Error) => new HttpError(400, `Not a readable zip file (${error.message})`);

/**
 * Opens a zip held in memory or in a file. It is refused whole (400 or 413, naming the entry and the rule) before
 * anything is inflated.
 */
export async function openZip(source: Buffer | string, limits: ZipLimits): Promise<ZipArchive> {
  const options = { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, autoClose: false };
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => {
    const done = (error: Error | null, file?: yauzl.ZipFile) =>
      error || !file ? reject(unreadable(error ?? new Error('no zip'))) : resolve(file);
    if (typeof source === 'string') yauzl.open(source, options, done);
    else yauzl.fromBuffer(source, options, done);
  });
  const entries = new Map<string, yauzl.Entry>();
  try {
    if (zip.entryCount > limits.entries)
      throw new HttpError(413, `The zip holds ${zip.entryCount} entries; at most ${limits.entries} are accepted`);
    let declared = 0;
    await new Promise<void>((resolve, reject) => {
      zip.on('error', (error: Error) => reject(unreadable(error)));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = (entry.fileName as unknown as Buffer).toString('utf8');
        const why = unsafeZipPath(name);
        if (why) return reject(new HttpError(400, `Refused entry "${name}": its path ${why}`));
        if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK)
          return reject(new HttpError(400, `Refused entry "${name}": links are not accepted`));
        declared += entry.uncompressedSize;
        if (declared > limits.unpackedBytes)
          return reject(
            new HttpError(
              413,
              `The zip unpacks to more than ${Math.round(limits.unpackedBytes / MB)} MB (a zip bomb?): refused`,
            ),
          );
        if (!name.endsWith('/')) entries.set(name, entry);
        zip.readEntry();
      });
      zip.readEntry();
    });
  } catch (error) {
    zip.close();
    throw error;
  }

  const stream = (name: string) =>
    new Promise<Readable>((resolve, reject) => {
      const entry = entries.get(name);
      if (!entry) return reject(new HttpError(400, `${name} is not in the zip`));
      const what = `${name} (unpacked)`;
      if (entry.uncompressedSize > limits.entryBytes) return reject(tooLarge(what, limits.entryBytes));
      zip.openReadStream(entry, (error, inflating) => {
        if (error || !inflating) return reject(new HttpError(400, `${name}: cannot be unpacked (${error?.message})`));
        const limited = byteLimit(limits.entryBytes, what);
        inflating.on('error', (streamError) =>
          limited.destroy(
            /too many bytes/i.test(streamError.message)
              ? tooLarge(what, limits.entryBytes)
              : new HttpError(400, `${name}: cannot be unpacked (${streamError.message})`),
          ),
        );
        resolve(inflating.pipe(limited));
      });
    });

  return {
    names: [...entries.keys()],
    stream,
    async read(name) {
      const chunks: Buffer[] = [];
      for await (const chunk of await stream(name)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    close: () => zip.close(),
  };
}

/** A file of a zip to write; `store` keeps it uncompressed. */
export interface ZipFileToWrite {
  name: string;
  data: Buffer | string;
  store?: boolean;
}

/** A zip of the given files (deflated unless stored, UTF-8 names, one fixed timestamp: 1980-01-01). */
export function writeZip(files: ZipFileToWrite[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const data = Buffer.isBuffer(file.data) ? file.data : Buffer.from(file.data, 'utf8');
    const name = Buffer.from(file.name, 'utf8');
    const method = file.store ? 0 : 8;
    const packed = file.store ? data : deflateRawSync(data);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
