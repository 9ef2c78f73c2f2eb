import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { badRequest, fieldError, HttpError } from './errors.js';

/**
 * Uploaded files that are stored and served back as downloads: lesson attachments (curriculum) and assignment
 * hand-ins (assessments) share these rules (ADR 023, ADR 025): the type comes from the bytes (never the name or
 * the declared type), the size is bounded, and a file is always served as an attachment with nosniff and a
 * sandboxing CSP, so that nothing uploaded ever runs in the site's origin.
 */

/** What a feature accepts: types found in the bytes → extension, the size limit and its words. */
export interface FilePolicy<T extends string> {
  types: Readonly<Record<T, string>>;
  maxBytes: number;
  messages: { tooLarge: string; type: string };
  /** Accept plain UTF-8 text without markup as `text/plain` (file-type recognises binary formats only). */
  plainText?: boolean;
}

/** An upload whose bytes were identified as one of the policy's types. */
export interface SniffedFile<T extends string = string> {
  data: Buffer;
  filename: string;
  contentType: T;
  extension: string;
}

/** Extensions a plain-text hand-in keeps when it came with one of them; any other text becomes `.txt`. */
const TEXT_EXTENSIONS = new Set(['txt', 'md', 'csv', 'tsv', 'log']);

/**
 * Markup a browser or an interpreter would act on: HTML, SVG, XML, a script's shebang. A "text" file holding any
 * of it is a disguised page or program, whatever its name says.
 */
const MARKUP = /<\s*(?:!doctype|html|head|body|script|svg|iframe|object|embed|style|meta|link|\?xml)\b|^\s*#!/i;

function plainTextOf(data: Buffer): boolean {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(data.toString('latin1'))) return false;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return false;
  }
  return !MARKUP.test(text);
}

/**
 * Identifies an upload from its bytes: 413 over the policy's size, 415 for anything but its types (HTML, SVG,
 * scripts, archives… whatever they call themselves).
 */
export async function sniffFile<T extends string>(
  data: Buffer,
  filename: string,
  policy: FilePolicy<T>,
): Promise<SniffedFile<T>> {
  if (data.byteLength > policy.maxBytes) throw new HttpError(413, policy.messages.tooLarge);
  const type = await fileTypeFromBuffer(data);
  if (!type) {
    if (policy.plainText && Object.hasOwn(policy.types, 'text/plain') && plainTextOf(data)) {
      const declared = /\.([a-z]{2,4})$/i.exec(filename)?.[1]?.toLowerCase();
      const extension = declared && TEXT_EXTENSIONS.has(declared) ? declared : 'txt';
      return { data, filename, contentType: 'text/plain' as T, extension };
    }
    throw new HttpError(415, policy.messages.type);
  }
  if (!Object.hasOwn(policy.types, type.mime)) throw new HttpError(415, policy.messages.type);
  const contentType = type.mime as T;
  // A legacy office file keeps the extension it came with when it is one of doc/xls/ppt.
  const declared = /\.(doc|xls|ppt)$/i.exec(filename)?.[1]?.toLowerCase();
  const extension =
    contentType === 'application/x-cfb' ? (declared ?? 'doc') : (policy.types as Record<string, string>)[type.mime]!;
  return { data, filename, contentType, extension };
}

/** A download file name: no path, no control or quote characters, at most `max` characters, the type's extension. */
export function cleanFilename(name: string, extension: string, max: number, fallback = 'file'): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"\\;]/g, '')
    .replace(/\.[^.]*$/, '')
    .trim()
    .slice(0, max - 10);
  return `${base || fallback}.${extension}`;
}

/** A single byte range of a `Range` header over `size` bytes: the range, 'unsatisfiable', or null (send all). */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null; // several ranges or another unit: the whole file, as RFC 9110 allows
  const [, from, to] = match;
  if (from === '' && to === '') return null;
  let start: number;
  let end: number;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(from);
    end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/** `attachment; filename="…"; filename*=UTF-8''…`: an ASCII fallback and the exact name. */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * Sends a stored file as a download: its sniffed type (text with charset=utf-8), Content-Disposition attachment,
 * nosniff, a CSP that sandboxes it should a browser render it anyway, private caching, and one byte range.
 */
export function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: { filename: string; contentType: string; data: Buffer },
) {
  const size = file.data.byteLength;
  reply
    .header('content-type', file.contentType === 'text/plain' ? 'text/plain; charset=utf-8' : file.contentType)
    .header('content-disposition', contentDisposition(file.filename))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, max-age=3600')
    .header('accept-ranges', 'bytes');
  const range = parseRange(request.headers.range, size);
  if (range === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${size}`).send(null);
  }
  if (range) {
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .send(file.data.subarray(range.start, range.end + 1));
  }
  return reply.send(file.data);
}

/** The multipart part that carries an uploaded file. */
export const FILE_PART = 'file';

function describeMultipartError(error: unknown, tooLarge: string): HttpError {
  if (error instanceof HttpError) return error;
  switch ((error as { code?: string } | null)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, tooLarge);
    case 'FST_FILES_LIMIT':
      return badRequest('Send one file only');
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return badRequest(`Send only the "${FILE_PART}" file part`);
    default:
      return badRequest('Malformed multipart body');
  }
}

/**
 * Reads the one `file` part of a multipart body (the scope's @fastify/multipart limits bound its size: over them
 * → 413 with `tooLarge`). 400 when it is missing, empty or another part is sent.
 */
export async function readFilePart(
  request: FastifyRequest,
  tooLarge: string,
): Promise<{ data: Buffer; filename: string }> {
  let found: { data: Buffer; filename: string } | undefined;
  try {
    for await (const part of request.parts()) {
      const file = part as MultipartFile;
      if (file.fieldname !== FILE_PART) {
        await file.toBuffer().catch(() => undefined);
        throw badRequest('Unexpected file field');
      }
      found = { data: await file.toBuffer(), filename: file.filename ?? '' };
    }
  } catch (error) {
    throw describeMultipartError(error, tooLarge);
  }
  if (!found || found.data.byteLength === 0) throw fieldError(FILE_PART, 'is required');
  return found;
}
