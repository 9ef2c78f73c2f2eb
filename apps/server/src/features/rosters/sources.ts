import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ROSTER_LIMITS } from '@lyceum/contract';
import { parse } from 'csv-parse';
import yauzl from 'yauzl';
import { HttpError } from '#lib/errors.js';

/**
 * Reading an uploaded roster without holding it (ADR 065): a CSV is parsed as it streams in, bytes counted; a zip is
 * written to a private temporary file (its directory is at its end), its directory checked (entries, names, sizes)
 * before any entry is read, and each entry parsed as it is inflated, bytes counted again.
 */

const MB = 1024 * 1024;
export const tooLarge = (what: string, limit: number) =>
  new HttpError(413, `${what} is too large: at most ${Math.round(limit / MB)} MB`);

/** Fails the stream once more than `limit` bytes went through. */
function byteLimit(limit: number, what: string): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > limit ? tooLarge(what, limit) : null, chunk);
    },
  });
}

/** One CSV record: its fields and the line it starts on (the header is line 1). */
export interface CsvRecord {
  line: number;
  fields: Record<string, string>;
  /** Set when the row has more or fewer fields than the header. */
  fieldCountError?: string;
}

/** Header names compared without case, spaces, dashes and underscores: "First name" = "first_name" = "firstname". */
export const normaliseHeader = (name: string) => name.toLowerCase().replace(/[\s_-]/g, '');

/**
 * Parses a CSV stream (UTF-8, a byte order mark allowed, header row first), at most ROSTER_LIMITS.csvBytes, calling
 * `onRecord` per row in order. A header without one of `required` refuses the file (400).
 */
export async function readCsv(
  file: string,
  input: Readable,
  required: readonly string[],
  onRecord: (record: CsvRecord) => Promise<void>,
): Promise<void> {
  const parser = parse({
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    trim: true,
    info: true,
    max_record_size: 64 * 1024,
  });
  const limit = byteLimit(ROSTER_LIMITS.csvBytes, file);
  const piping = pipeline(input, limit, parser).catch((error: unknown) => {
    parser.destroy(error as Error);
  });
  let header: string[] | null = null;
  try {
    for await (const item of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      const { record, info } = item;
      if (!header) {
        header = record.map(normaliseHeader);
        const missing = required.filter((name) => !header!.includes(normaliseHeader(name)));
        if (missing.length > 0)
          throw new HttpError(
            400,
            `${file}: the header row lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`,
          );
        continue;
      }
      const fields: Record<string, string> = {};
      header.forEach((name, i) => {
        fields[name] = record[i] ?? '';
      });
      await onRecord({
        line: info.lines,
        fields,
        ...(record.length !== header.length
          ? { fieldCountError: `${record.length} fields where the header has ${header.length}` }
          : {}),
      });
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code.startsWith('CSV_')) {
      const lines = (error as { lines?: number }).lines;
      throw new HttpError(
        400,
        `${file}${lines ? `, line ${lines}` : ''}: not a readable CSV (${(error as Error).message})`,
      );
    }
    throw error;
  } finally {
    await piping;
  }
  if (!header) throw new HttpError(400, `${file} is empty: a header row is needed`);
}

/** A zip entry's name that could step out of a folder or name another drive: refused, whatever is done with it. */
function unsafeName(name: string): boolean {
  return (
    name.includes('\\') ||
    name.startsWith('/') ||
    /^[a-zA-Z]:/.test(name) ||
    name.includes('\0') ||
    name.split('/').some((part) => part === '..')
  );
}

export interface ZipRoster {
  /** The names of the files in it (top level, or all in one folder), lower case, without the folder. */
  names: Set<string>;
  /** A file's content as a stream (counted and limited). */
  open(name: string): Promise<Readable>;
  close(): Promise<void>;
}

/** Saves an upload stream to a temporary file (at most ROSTER_LIMITS.zipBytes), then opens it as a roster zip. */
export async function openZipUpload(upload: Readable): Promise<ZipRoster> {
  const dir = await mkdtemp(join(tmpdir(), 'lyceum-roster-'));
  const path = join(dir, 'roster.zip');
  const removeDir = () => rm(dir, { recursive: true, force: true });
  try {
    await pipeline(upload, byteLimit(ROSTER_LIMITS.zipBytes, 'The zip'), createWriteStream(path, { mode: 0o600 }));
    const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.open(
        path,
        { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true },
        (error, file) =>
          error ? reject(new HttpError(400, `Not a readable zip file (${error.message})`)) : resolve(file),
      ),
    );
    const entries = new Map<string, yauzl.Entry>();
    try {
      await new Promise<void>((resolve, reject) => {
        let count = 0;
        let unpacked = 0;
        zip.on('error', (error: Error) => reject(new HttpError(400, `Not a readable zip file (${error.message})`)));
        zip.on('end', () => resolve());
        zip.on('entry', (entry: yauzl.Entry) => {
          const name = (entry.fileName as unknown as Buffer).toString('utf8');
          count += 1;
          unpacked += entry.uncompressedSize;
          if (count > ROSTER_LIMITS.zipEntries)
            return reject(new HttpError(413, `The zip holds more than ${ROSTER_LIMITS.zipEntries} files`));
          if (unsafeName(name))
            return reject(new HttpError(400, `The zip holds an unsafe path: ${JSON.stringify(name)}`));
          if (entry.uncompressedSize > ROSTER_LIMITS.csvBytes)
            return reject(tooLarge(`${name} (unpacked)`, ROSTER_LIMITS.csvBytes));
          if (unpacked > ROSTER_LIMITS.unpackedBytes)
            return reject(tooLarge('The zip (unpacked)', ROSTER_LIMITS.unpackedBytes));
          if (!name.endsWith('/')) {
            const base = (name.split('/').pop() ?? name).toLowerCase();
            if (entries.has(base)) return reject(new HttpError(400, `The zip holds ${base} twice`));
            entries.set(base, entry);
          }
          zip.readEntry();
        });
        zip.readEntry();
      });
    } catch (error) {
      zip.close();
      throw error;
    }
    return {
      names: new Set(entries.keys()),
      open: (name) =>
        new Promise<Readable>((resolve, reject) => {
          const entry = entries.get(name);
          if (!entry) return reject(new Error(`no ${name} in the zip`));
          zip.openReadStream(entry, (error, stream) => {
            if (error) return reject(new HttpError(400, `${name}: cannot be unpacked (${error.message})`));
            // yauzl checks the entry's real size against the size it declares; this limit holds whatever it says.
            const limited = byteLimit(ROSTER_LIMITS.csvBytes, `${name} (unpacked)`);
            stream.on('error', (streamError) =>
              limited.destroy(
                /too many bytes/i.test(streamError.message)
                  ? tooLarge(`${name} (unpacked)`, ROSTER_LIMITS.csvBytes)
                  : new HttpError(400, `${name}: cannot be unpacked (${streamError.message})`),
              ),
            );
            resolve(stream.pipe(limited));
          });
        }),
      close: async () => {
        zip.close();
        await removeDir();
      },
    };
  } catch (error) {
    await removeDir();
    throw error;
  }
}
