import { CODE_LANGUAGE_CLASS, LOCAL_IMAGE_SRC } from '@lyceum/contract';
import { richTextOptions, sanitizeRichText } from '#lib/sanitize.js';

// Images in a lesson come only from this site's stored images (no tracking pixels, no mixed content): stored
// images, or image attachments of lessons (the editor's "Insert image" uploads one; ADR 029).
const LESSON_OPTIONS = richTextOptions({
  images: {
    attributes: ['src', 'alt'],
    keep: (attribs) => {
      const src = attribs.src?.trim() ?? '';
      return LOCAL_IMAGE_SRC.test(src) ? { src, alt: (attribs.alt ?? '').slice(0, 300) } : null;
    },
  },
  classes: { code: [CODE_LANGUAGE_CLASS] },
});

/**
 * Sanitises a lesson body: the rich-text allowlist every field shares (docs/decisions/005) plus images stored on
 * this site (`/uploads/…`, with alt text) and code blocks with a `language-*` class. Everything else goes.
 */
export function sanitizeLessonHtml(html: string): string {
  return sanitizeRichText(html, LESSON_OPTIONS);
}
