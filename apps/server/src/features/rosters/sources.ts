import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ROSTER_LIMITS } from '@lyceum/contract';
import { parse } from 'csv-parse';
import { HttpError } from '#lib/errors.js';
import { byteLimit, openZip } from '#lib/zip.js';

/**
 * Reading an uploaded roster without holding it (ADR 065): a CSV is parsed as it streams in, bytes counted; a zip is
 * written to a private temporary file (its directory is at its end), its directory checked (entries, names, sizes)
 * before any entry is read, and each entry parsed as it is inflated, bytes counted again.
 */

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
    const zip = await openZip(path, {
      entries: ROSTER_LIMITS.zipEntries,
      unpackedBytes: ROSTER_LIMITS.unpackedBytes,
      entryBytes: ROSTER_LIMITS.csvBytes,
    });
    // Files are named without their folder, in lower case: an export may put them in one folder.
    const byName = new Map<string, string>();
    for (const name of zip.names) {
      const base = (name.split('/').pop() ?? name).toLowerCase();
      if (byName.has(base)) {
        zip.close();
        throw new HttpError(400, `The zip holds ${base} twice`);
      }
      byName.set(base, name);
    }
    return {
      names: new Set(byName.keys()),
      open: (name) => zip.stream(byName.get(name) ?? name),
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
