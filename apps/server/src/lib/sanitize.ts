import { ABOUT_HTML, RICH_TEXT, isAllowedImageSrc, isAllowedLinkHref } from '@lyceum/contract';
import sanitizeHtml from 'sanitize-html';

const INDENT_CLASSES = Array.from({ length: RICH_TEXT.maxIndent }, (_, i) => `${ABOUT_HTML.indentClassPrefix}${i + 1}`);

/** The class attribute, for a transform to pass on (allowedClasses filters its values afterwards). */
const classOf = (attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes =>
  attribs.class ? { class: attribs.class } : {};

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...ABOUT_HTML.tags],
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    ol: ['start'],
    img: ['src', 'alt', 'loading', 'referrerpolicy'],
  },
  // Indents (ql-indent-1..8) on blocks; Quill's other classes (ql-align-center, …) on any tag (v1-api.md E11).
  allowedClasses: {
    '*': [ABOUT_HTML.quillClassPattern],
    ...Object.fromEntries(ABOUT_HTML.indentableTags.map((tag) => [tag, INDENT_CLASSES])),
  },
  allowedSchemes: [...RICH_TEXT.linkProtocols],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedStyles: {},
  // script, style, textarea, option, noscript and the like lose their content, not only their tags.
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'xmp', 'iframe', 'object'],
  enforceHtmlBoundary: true,
  transformTags: {
    // A link survives only with an absolute http(s)/mailto/tel address, and always opens safely;
    // any other anchor keeps its text as a plain span.
    a: (_tagName, attribs): sanitizeHtml.Tag => {
      const href = attribs.href?.trim() ?? '';
      if (!isAllowedLinkHref(href)) return { tagName: 'span', attribs: {} };
      return {
        tagName: 'a',
        attribs: { href, rel: ABOUT_HTML.linkRel, target: ABOUT_HTML.linkTarget, ...classOf(attribs) },
      };
    },
    // An image keeps an absolute http(s) source and its alt text; it loads lazily and tells its host nothing.
    img: (_tagName, attribs): sanitizeHtml.Tag => {
      const src = attribs.src?.trim() ?? '';
      if (!isAllowedImageSrc(src)) return { tagName: 'img', attribs: {} };
      const alt = attribs.alt ?? '';
      return {
        tagName: 'img',
        attribs: { src, alt, loading: 'lazy', referrerpolicy: 'no-referrer', ...classOf(attribs) },
      };
    },
    ol: (_tagName, attribs): sanitizeHtml.Tag => {
      const start = attribs.start ?? '';
      const kept: sanitizeHtml.Attributes = /^\d{1,6}$/.test(start) ? { start } : {};
      return { tagName: 'ol', attribs: { ...kept, ...classOf(attribs) } };
    },
  },
  // Empty inline wrappers (what remains of a stripped link) add nothing.
  // An image without an allowed source (data:, relative, script URLs) is removed.
  exclusiveFilter: (frame) =>
    (frame.tag === 'span' && !frame.text.trim() && frame.mediaChildren.length === 0) ||
    (frame.tag === 'img' && !frame.attribs.src),
};

/**
 * Sanitises About Course HTML to the ABOUT_HTML allowlist of the contract: the formats the
 * editor produces (headings 1–3, bold, italic, underline, strike, lists, quotes, code, indent
 * classes ql-indent-1..8 and http/https/mailto/tel links) and what the v1 contract adds (images with
 * an http(s) source, Quill's other ql-* classes) survive; everything else goes.
 */
export function sanitizeAboutHtml(html: string): string {
  const clean = sanitizeHtml(html, OPTIONS).trim();
  // An editor that was touched and emptied sends "<p></p>": store it as no content at all.
  return /^(?:<p>(?:\s|&nbsp;|<br \/>)*<\/p>)*$/.test(clean) ? '' : clean;
}

/**
 * The plain text of sanitised HTML, whitespace collapsed: for excerpts. Cards read the stored `courses.excerpt`,
 * which the SQL function courses_excerpt_of (migration 0003) derives by these rules; test/course-excerpt.test.ts
 * holds the two to the same answers.
 */
export function htmlToText(html: string): string {
  const text = sanitizeHtml(html.replace(/<\/(p|h[1-6]|li|blockquote|pre)>|<br\s*\/?>/gi, '$& '), {
    allowedTags: [],
    allowedAttributes: {},
  });
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_match, name: string) => ENTITIES[name] ?? '');
}

/** At most `max` characters of text, cut at a word boundary with an ellipsis. */
export function excerptOf(text: string, max = 200): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const boundary = cut.lastIndexOf(' ');
  return `${(boundary > max / 2 ? cut.slice(0, boundary) : cut).trimEnd()}…`;
}
