import { ATTACHMENT_TYPES, CURRICULUM_LIMITS, CURRICULUM_MESSAGES } from '@lyceum/contract';
import { fileTypeFromBuffer } from 'file-type';
import { HttpError } from '../../lib/errors.js';

/** An upload whose bytes were identified as an allowed attachment type. */
export interface SniffedFile {
  data: Buffer;
  filename: string;
  contentType: keyof typeof ATTACHMENT_TYPES;
  extension: string;
}

/**
 * Identifies an attachment from its bytes (never its name or declared type): PDF, JPEG, PNG, WebP, GIF, Office
 * Open XML, OpenDocument or legacy OLE office files. Anything else — HTML, SVG, scripts, text, archives,
 * whatever it calls itself — is a 415.
 */
export async function sniffAttachment(data: Buffer, filename: string): Promise<SniffedFile> {
  if (data.byteLength > CURRICULUM_LIMITS.attachmentBytes)
    throw new HttpError(413, CURRICULUM_MESSAGES.attachmentTooLarge);
  const type = await fileTypeFromBuffer(data);
  if (!type || !Object.hasOwn(ATTACHMENT_TYPES, type.mime)) {
    throw new HttpError(415, CURRICULUM_MESSAGES.attachmentType);
  }
  const contentType = type.mime as keyof typeof ATTACHMENT_TYPES;
  // A legacy office file keeps the extension it came with when it is one of doc/xls/ppt.
  const declared = /\.(doc|xls|ppt)$/i.exec(filename)?.[1]?.toLowerCase();
  const extension = contentType === 'application/x-cfb' ? (declared ?? 'doc') : ATTACHMENT_TYPES[contentType];
  return { data, filename, contentType, extension };
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
