import { deflateRawSync } from 'node:zlib';
import { QTI_LIMITS } from '@lyceum/contract';
import yauzl from 'yauzl';

/*
 * A content package's zip, read with yauzl from memory after checking every entry against the limits (ADR 064):
 * entry count, the sum of declared unpacked sizes (a zip bomb is refused before anything is inflated; yauzl checks
 * that each entry inflates to its declared size), no absolute or `..` paths, no links. And a small zip writer for
 * the export (deflate, UTF-8 names).
 */

/** Why a package was refused (its message is shown to the teacher, with a 4xx). */
export class ZipRefusal extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

/** The package's files: a name's bytes are read only when asked for, within QTI_LIMITS.xmlBytes. */
export interface ZipPackage {
  names: string[];
  read(name: string): Promise<Buffer>;
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/** Why an entry's path is refused, or null. */
function badPath(name: string): string | null {
  if (name.includes('\\')) return 'uses backslashes';
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return 'is absolute';
  if (name.split('/').some((part) => part === '..')) return 'leaves the package (`..`)';
  if (name.includes('\u0000')) return 'contains a NUL character';
  return null;
}

const openZip = (bytes: Buffer) =>
  new Promise<yauzl.ZipFile>((resolve, reject) => {
    yauzl.fromBuffer(
      bytes,
      { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, autoClose: false },
      (error, zip) => (error || !zip ? reject(error ?? new Error('no zip')) : resolve(zip)),
    );
  });

/** Opens a package: refuses it whole (400/413 with the entry and the rule) before anything is inflated. */
export async function readZip(bytes: Buffer): Promise<ZipPackage> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(bytes);
  } catch (error) {
    throw new ZipRefusal(`The zip file cannot be read: ${(error as Error).message}`);
  }
  if (zip.entryCount > QTI_LIMITS.zipEntries) {
    zip.close();
    throw new ZipRefusal(
      `The package has ${zip.entryCount} entries; at most ${QTI_LIMITS.zipEntries} are accepted`,
      413,
    );
  }
  const entries = new Map<string, yauzl.Entry>();
  let declared = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', reject);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = (entry.fileName as unknown as Buffer).toString('utf8');
        const why = badPath(name);
        if (why) return reject(new ZipRefusal(`Refused entry "${name}": its path ${why}`));
        if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK)
          return reject(new ZipRefusal(`Refused entry "${name}": links are not accepted`));
        declared += entry.uncompressedSize;
        if (declared > QTI_LIMITS.unpackedBytes)
          return reject(
            new ZipRefusal(
              `The package unpacks to more than ${QTI_LIMITS.unpackedBytes / 1024 / 1024} MB (a zip bomb?): refused`,
              413,
            ),
          );
        if (!name.endsWith('/')) entries.set(name, entry);
        zip.readEntry();
      });
      zip.readEntry();
    });
  } catch (error) {
    zip.close();
    throw error instanceof ZipRefusal
      ? error
      : new ZipRefusal(`The zip file cannot be read: ${(error as Error).message}`);
  }

  return {
    names: [...entries.keys()],
    read: async (name) => {
      const entry = entries.get(name);
      if (!entry) throw new ZipRefusal(`${name}: not in the package`);
      if (entry.uncompressedSize > QTI_LIMITS.xmlBytes)
        throw new ZipRefusal(`${name}: larger than ${QTI_LIMITS.xmlBytes / 1024 / 1024} MB`, 413);
      return new Promise<Buffer>((resolve, reject) => {
        zip.openReadStream(entry, (error, stream) => {
          if (error || !stream) return reject(new ZipRefusal(`${name}: cannot be read (${error?.message ?? ''})`));
          const chunks: Buffer[] = [];
          let size = 0;
          stream.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > QTI_LIMITS.xmlBytes) stream.destroy(new ZipRefusal(`${name}: larger than declared`, 413));
            else chunks.push(chunk);
          });
          stream.on('error', (e) => reject(e instanceof ZipRefusal ? e : new ZipRefusal(`${name}: ${e.message}`)));
          stream.on('end', () => resolve(Buffer.concat(chunks)));
        });
      });
    },
  };
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A zip of the given files (deflated, UTF-8 names, one fixed timestamp: 1980-01-01). */
export function writeZip(files: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name, 'utf8');
    const packed = deflateRawSync(file.data);
    const crc = crc32(file.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(file.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(file.data.length, 24);
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
