import type { ImageService, StoredImage } from '../features/uploads/service.js';
import { HttpError } from '../lib/errors.js';

/** The uploads feature's words for a file that is not an image (v1-api.md X1 uses the same). */
const ONLY_IMAGES = 'Only images are allowed!';

/** An image's `src` holding a data: URL (the v1 editor, Quill, pastes and drops images as base64 data: URLs). */
const DATA_IMAGE = /(<img\b[^>]*?\bsrc\s*=\s*)(["'])\s*(data:[^"']*?)\s*\2/gi;
/** A base64 data: URL of any declared type (the type is read from the bytes, not from this label). */
const BASE64_DATA_URL = /^data:[\w.+-]*\/?[\w.+-]*(?:;[\w-]+=[\w.+-]+)*;base64,([A-Za-z0-9+/\s]+={0,2})$/i;
/**
 * Markup or code in the bytes of a would-be picture: a polyglot (a valid image that is also a page or a script) is
 * refused, although the stored copy is re-encoded anyway.
 */
const MARKUP = /<\s*(?:script|html|body|svg|iframe|object|embed|\?php|\?xml|!doctype)\b/i;

/**
 * Stores the pictures pasted into About Course as uploads (issue 46.19): each `data:` image is checked like an
 * uploaded picture (its type from the bytes, JPEG/PNG/GIF/WebP, 5 MB, pixel limit; no markup inside), re-encoded and
 * stored by the uploads feature, and the `src` becomes the stored file's absolute address, which the About Course
 * allowlist keeps (absolute http(s) images; the v1 client shows the HTML on its own origin). A bad picture refuses the
 * whole course (400 "Only images are allowed!", 413 over 5 MB) instead of vanishing.
 */
export async function storePastedImages(
  html: string,
  images: ImageService,
  origin: string,
): Promise<{ html: string; stored: StoredImage[] }> {
  const sources = [...new Set([...html.matchAll(DATA_IMAGE)].map((match) => match[3]!))];
  if (sources.length === 0) return { html, stored: [] };
  const bytes = sources.map((source) => {
    const base64 = BASE64_DATA_URL.exec(source)?.[1];
    if (!base64) throw new HttpError(400, ONLY_IMAGES);
    const data = Buffer.from(base64.replace(/\s+/g, ''), 'base64');
    if (data.byteLength === 0 || MARKUP.test(data.toString('latin1'))) throw new HttpError(400, ONLY_IMAGES);
    return data;
  });
  // Every picture is checked and encoded before any is stored: a bad one leaves nothing behind.
  const encoded = [];
  for (const data of bytes) encoded.push(await images.encode(data));
  const stored: StoredImage[] = [];
  for (const image of encoded) stored.push(await images.save(image));
  const addressOf = new Map(sources.map((source, i) => [source, `${origin}/uploads/${stored[i]!.name}`]));
  return {
    html: html.replace(
      DATA_IMAGE,
      (_all, before: string, quote: string, source: string) => `${before}${quote}${addressOf.get(source)}${quote}`,
    ),
    stored,
  };
}
