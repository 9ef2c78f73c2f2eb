import { ABOUT_HTML, RICH_TEXT, isAllowedLinkHref } from '@lyceum/contract';
import sanitizeHtml from 'sanitize-html';

const INDENT_CLASSES = Array.from({ length: RICH_TEXT.maxIndent }, (_, i) => `${ABOUT_HTML.indentClassPrefix}${i + 1}`);

/**
 * Images in a lesson come only from this site's stored images (no tracking pixels, no mixed content): stored
 * images, or image attachments of lessons (the editor's "Insert image" uploads one; ADR 029).
 */
const LOCAL_IMAGE = /^(?:\/uploads\/[A-Za-z0-9._-]{1,200}|\/api\/lesson-files\/[a-f0-9]{32}\.(?:png|jpg|webp|gif))$/;
/** Code blocks may name their language for highlighting: `language-<name>`. */
const LANGUAGE_CLASS = /^language-[a-z0-9+#-]{1,30}$/;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...ABOUT_HTML.tags, 'img'],
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    ol: ['start'],
    img: ['src', 'alt'],
    code: ['class'],
  },
  allowedClasses: {
    ...Object.fromEntries(ABOUT_HTML.indentableTags.map((tag) => [tag, INDENT_CLASSES])),
    code: [LANGUAGE_CLASS],
  },
  allowedSchemes: [...RICH_TEXT.linkProtocols],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  allowedStyles: {},
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'xmp', 'iframe', 'object'],
  enforceHtmlBoundary: true,
  transformTags: {
    a: (_tagName, attribs): sanitizeHtml.Tag => {
      const href = attribs.href?.trim() ?? '';
      if (!isAllowedLinkHref(href)) return { tagName: 'span', attribs: {} };
      return { tagName: 'a', attribs: { href, rel: ABOUT_HTML.linkRel, target: ABOUT_HTML.linkTarget } };
    },
    ol: (_tagName, attribs): sanitizeHtml.Tag => {
      const start = attribs.start ?? '';
      return { tagName: 'ol', attribs: /^\d{1,6}$/.test(start) ? { start } : {} };
    },
    img: (_tagName, attribs): sanitizeHtml.Tag => {
      const src = attribs.src?.trim() ?? '';
      if (!LOCAL_IMAGE.test(src)) return { tagName: 'span', attribs: {} };
      return { tagName: 'img', attribs: { src, alt: (attribs.alt ?? '').slice(0, 300) } };
    },
  },
  exclusiveFilter: (frame) =>
    frame.tag === 'span' && !frame.text.trim() && frame.mediaChildren.length === 0 && !frame.attribs.src,
};

/**
 * Sanitises a lesson body: the About Course allowlist (docs/decisions/005) plus images stored on this site
 * (`/uploads/…`, with alt text) and code blocks with a `language-*` class. Everything else goes.
 */
export function sanitizeLessonHtml(html: string): string {
  const clean = sanitizeHtml(html, OPTIONS).trim();
  return /^(?:<p>(?:\s|&nbsp;|<br \/>)*<\/p>)*$/.test(clean) ? '' : clean;
}
