import { RICH_TEXT } from './product.js';

// ---------------------------------------------------------------------------------------------
// Rich text: what the About Course editor may produce and the server keeps (docs/decisions/005).
// ---------------------------------------------------------------------------------------------

/**
 * The About Course HTML allowlist. Indentation is a class `ql-indent-N` (N = 1..8) on a block,
 * the same representation the v1 client's editor writes, so old and new content render alike.
 * Links keep only an http, https, mailto or tel `href`; the server adds `rel` and `target`.
 * Images keep only an absolute http(s) `src` (and `alt`), as the v1 contract allows (v1-api.md E11); any other
 * image (data:, relative, script URLs) is removed. Other Quill classes (`ql-align-center`, …) are kept too.
 */
export const ABOUT_HTML = {
  tags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'blockquote',
    'pre',
    'code',
    'hr',
    'span',
    'a',
    'img',
  ],
  /** Blocks that may carry an indent class. */
  indentableTags: ['p', 'h1', 'h2', 'h3', 'li', 'blockquote'],
  indentClassPrefix: 'ql-indent-',
  /** Quill's other classes, kept on any allowed tag (indents only as ql-indent-1..8). */
  quillClassPattern: /^ql-(?!indent-)[a-z][a-z0-9-]{0,40}$/,
  linkRel: 'noopener noreferrer nofollow',
  linkTarget: '_blank',
} as const;

/** The class for an indent level (1..RICH_TEXT.maxIndent); level 0 means no class. */
export function indentClass(level: number): string | null {
  const n = Math.trunc(level);
  if (n < 1) return null;
  return `${ABOUT_HTML.indentClassPrefix}${Math.min(n, RICH_TEXT.maxIndent)}`;
}

/** The indent level a class attribute value expresses, 0 when none. */
export function indentLevelOf(className: string | null | undefined): number {
  const match = /(?:^|\s)ql-indent-([1-8])(?:\s|$)/.exec(className ?? '');
  return match ? Number(match[1]) : 0;
}

/** True for an absolute http(s) address: the only image sources About HTML keeps. */
export function isAllowedImageSrc(src: string): boolean {
  const value = src.trim();
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    return Boolean(new URL(value).hostname);
  } catch {
    return false;
  }
}

/** True for an absolute http(s), mailto or tel address: the only links About HTML keeps. */
export function isAllowedLinkHref(href: string): boolean {
  const value = href.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  if (!scheme || !(RICH_TEXT.linkProtocols as readonly string[]).includes(scheme)) return false;
  if (scheme === 'http' || scheme === 'https') {
    try {
      return Boolean(new URL(value).hostname);
    } catch {
      return false;
    }
  }
  return value.length > scheme.length + 1;
}

/**
 * Images stored on this site that lesson bodies may show: stored images and image attachments of lessons
 * (docs/decisions/029). Relative, so they never leave the site.
 */
export const LOCAL_IMAGE_SRC =
  /^(?:\/uploads\/[A-Za-z0-9._-]{1,200}|\/api\/lesson-files\/[a-f0-9]{32}\.(?:png|jpg|webp|gif))$/;

/** Code blocks may name their language for highlighting: `language-<name>`. */
export const CODE_LANGUAGE_CLASS = /^language-[a-z0-9+#-]{1,30}$/;

/**
 * Whether a class may stay on a tag of displayed rich text: indents on blocks, Quill's other classes on any tag,
 * a language on code. The union of what every rich-text field keeps (docs/decisions/005), for the second check in
 * the browser and in server rendering (docs/decisions/037).
 */
export function isAllowedRichTextClass(tag: string, className: string): boolean {
  if (
    (ABOUT_HTML.indentableTags as readonly string[]).includes(tag) &&
    indentClass(indentLevelOf(className)) === className
  )
    return true;
  if (ABOUT_HTML.quillClassPattern.test(className)) return true;
  return tag === 'code' && CODE_LANGUAGE_CLASS.test(className);
}

/** Whether an image source may be shown in rich text: an absolute http(s) address or an image stored here. */
export function isAllowedDisplayImageSrc(src: string): boolean {
  return isAllowedImageSrc(src) || LOCAL_IMAGE_SRC.test(src.trim());
}
