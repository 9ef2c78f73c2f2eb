import { ABOUT_HTML, RICH_TEXT, isAllowedLinkHref } from '@lyceum/contract';
import sanitizeHtml from 'sanitize-html';

const INDENT_CLASSES = Array.from({ length: RICH_TEXT.maxIndent }, (_, i) => `${ABOUT_HTML.indentClassPrefix}${i + 1}`);

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...ABOUT_HTML.tags],
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    ol: ['start'],
  },
  allowedClasses: Object.fromEntries(ABOUT_HTML.indentableTags.map((tag) => [tag, INDENT_CLASSES])),
  allowedSchemes: [...RICH_TEXT.linkProtocols],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
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
      return { tagName: 'a', attribs: { href, rel: ABOUT_HTML.linkRel, target: ABOUT_HTML.linkTarget } };
    },
    ol: (_tagName, attribs): sanitizeHtml.Tag => {
      const start = attribs.start ?? '';
      return { tagName: 'ol', attribs: /^\d{1,6}$/.test(start) ? { start } : {} };
    },
  },
  // Empty inline wrappers (what remains of a stripped link) add nothing.
  exclusiveFilter: (frame) => frame.tag === 'span' && !frame.text.trim() && frame.mediaChildren.length === 0,
};

/**
 * Sanitises About Course HTML to the ABOUT_HTML allowlist of the contract: the formats the
 * editor produces (headings 1–3, bold, italic, underline, strike, lists, quotes, code, indent
 * classes ql-indent-1..8 and http/https/mailto/tel links) survive; everything else goes.
 */
export function sanitizeAboutHtml(html: string): string {
  const clean = sanitizeHtml(html, OPTIONS).trim();
  // An editor that was touched and emptied sends "<p></p>": store it as no content at all.
  return /^(?:<p>(?:\s|&nbsp;|<br \/>)*<\/p>)*$/.test(clean) ? '' : clean;
}

/** The plain text of sanitised HTML, whitespace collapsed: for excerpts. */
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
