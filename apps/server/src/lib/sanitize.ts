import {
  ABOUT_HTML,
  CODE_LANGUAGE_CLASS,
  RICH_TEXT,
  isAllowedDisplayImageSrc,
  isAllowedImageSrc,
  isAllowedLinkHref,
} from '@lyceum/contract';
import sanitizeHtml from 'sanitize-html';

const INDENT_CLASSES = Array.from({ length: RICH_TEXT.maxIndent }, (_, i) => `${ABOUT_HTML.indentClassPrefix}${i + 1}`);

/** The class attribute, for a transform to pass on (allowedClasses filters its values afterwards). */
const classOf = (attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes =>
  attribs.class ? { class: attribs.class } : {};

/**
 * What every rich-text field keeps (docs/decisions/005): ABOUT_HTML's tags, links that open safely, list starts and
 * indent classes on blocks; scripts, styles and the like lose their content too. Which images survive, and which
 * other classes, is each field's own addition (richTextOptions).
 */
const SHARED_OPTIONS = {
  allowedTags: [...ABOUT_HTML.tags],
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    ol: ['start'],
  },
  allowedClasses: Object.fromEntries(ABOUT_HTML.indentableTags.map((tag) => [tag, INDENT_CLASSES])),
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
    ol: (_tagName, attribs): sanitizeHtml.Tag => {
      const start = attribs.start ?? '';
      const kept: sanitizeHtml.Attributes = /^\d{1,6}$/.test(start) ? { start } : {};
      return { tagName: 'ol', attribs: { ...kept, ...classOf(attribs) } };
    },
  },
  // Empty inline wrappers (what remains of a stripped link) add nothing.
  // An image the field does not allow (its transform gave it no source) is removed.
  exclusiveFilter: (frame) =>
    (frame.tag === 'span' && !frame.text.trim() && frame.mediaChildren.length === 0) ||
    (frame.tag === 'img' && !frame.attribs.src),
} satisfies sanitizeHtml.IOptions;

/** What a rich-text field adds to the shared options. */
export interface RichTextAdditions {
  /** The attributes an image keeps, and the attributes of an image given its own (null: the image goes). */
  images: { attributes: string[]; keep: (attribs: sanitizeHtml.Attributes) => sanitizeHtml.Attributes | null };
  /** Classes allowed beyond the indents, by tag ('*': on any tag). */
  classes?: Record<string, (string | RegExp)[]>;
}

/** The shared options with a field's images and classes. */
export function richTextOptions({ images, classes = {} }: RichTextAdditions): sanitizeHtml.IOptions {
  return {
    ...SHARED_OPTIONS,
    allowedAttributes: { ...SHARED_OPTIONS.allowedAttributes, img: images.attributes },
    allowedClasses: { ...SHARED_OPTIONS.allowedClasses, ...classes },
    transformTags: {
      ...SHARED_OPTIONS.transformTags,
      img: (_tagName, attribs): sanitizeHtml.Tag => ({ tagName: 'img', attribs: images.keep(attribs) ?? {} }),
    },
  };
}

/** Sanitises with the given options; an editor that was touched and emptied sends "<p></p>": that is no content. */
export function sanitizeRichText(html: string, options: sanitizeHtml.IOptions): string {
  const clean = sanitizeHtml(html, options).trim();
  return /^(?:<p>(?:\s|&nbsp;|<br \/>)*<\/p>)*$/.test(clean) ? '' : clean;
}

const ABOUT_OPTIONS = richTextOptions({
  // An image keeps an absolute http(s) source and its alt text; it loads lazily and tells its host nothing.
  images: {
    attributes: ['src', 'alt', 'loading', 'referrerpolicy'],
    keep: (attribs) => {
      const src = attribs.src?.trim() ?? '';
      if (!isAllowedImageSrc(src)) return null;
      return { src, alt: attribs.alt ?? '', loading: 'lazy', referrerpolicy: 'no-referrer', ...classOf(attribs) };
    },
  },
  // Quill's other classes (ql-align-center, …) on any tag (v1-api.md E11).
  classes: { '*': [ABOUT_HTML.quillClassPattern] },
});

/**
 * Sanitises About Course HTML to the ABOUT_HTML allowlist of the contract: the formats the
 * editor produces (headings 1–3, bold, italic, underline, strike, lists, quotes, code, indent
 * classes ql-indent-1..8 and http/https/mailto/tel links) and what the v1 contract adds (images with
 * an http(s) source, Quill's other ql-* classes) survive; everything else goes.
 */
export function sanitizeAboutHtml(html: string): string {
  return sanitizeRichText(html, ABOUT_OPTIONS);
}

const DISPLAY_OPTIONS = richTextOptions({
  images: {
    attributes: ['src', 'alt', 'loading', 'referrerpolicy', 'class'],
    keep: (attribs) => {
      const src = attribs.src?.trim() ?? '';
      if (!isAllowedDisplayImageSrc(src)) return null;
      const outside: sanitizeHtml.Attributes = isAllowedImageSrc(src)
        ? { loading: 'lazy', referrerpolicy: 'no-referrer' }
        : {};
      return { src, alt: attribs.alt ?? '', ...outside, ...classOf(attribs) };
    },
  },
  classes: { '*': [ABOUT_HTML.quillClassPattern], code: [CODE_LANGUAGE_CLASS] },
});

/**
 * The second check at display, for server rendering (docs/decisions/037): the union of what every rich-text field
 * keeps, so HTML that was clean when stored comes out the same, and HTML that escaped a field's rule (an older row, a
 * field written by a path that forgot to sanitise) comes out inert. The browser's RichTextView does the same with
 * DOMPurify.
 */
export function sanitizeForDisplay(html: string): string {
  return sanitizeHtml(html, DISPLAY_OPTIONS);
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
