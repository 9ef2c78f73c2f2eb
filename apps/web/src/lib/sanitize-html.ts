import {
  ABOUT_HTML,
  isAllowedDisplayImageSrc,
  isAllowedLinkHref,
  isAllowedRichTextClass,
} from '@lyceum/contract/constants';
import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';

/** Turns stored rich text into HTML that is safe to insert into the page. */
export type HtmlSanitizer = (html: string) => string;

/** The attributes any allowed tag may keep before the per-tag checks below. */
const ALLOWED_ATTR = ['href', 'rel', 'target', 'start', 'class', 'src', 'alt', 'loading', 'referrerpolicy'];

let purifier: Purifier | null = null;

/** One DOMPurify for the page, with the allowlist of docs/decisions/005 as hooks (the same rules as the server's). */
function purifierOf(): Purifier {
  if (purifier) return purifier;
  const p = DOMPurify(window);
  p.addHook('afterSanitizeAttributes', (node) => {
    const tag = node.nodeName.toLowerCase();
    const classes = (node.getAttribute('class') ?? '').split(/\s+/).filter((c) => c && isAllowedRichTextClass(tag, c));
    if (classes.length > 0) node.setAttribute('class', classes.join(' '));
    else node.removeAttribute('class');
    if (tag === 'a') {
      const href = node.getAttribute('href') ?? '';
      if (isAllowedLinkHref(href)) {
        node.setAttribute('rel', ABOUT_HTML.linkRel);
        node.setAttribute('target', ABOUT_HTML.linkTarget);
      } else {
        for (const name of ['href', 'rel', 'target']) node.removeAttribute(name);
      }
    } else {
      for (const name of ['href', 'rel', 'target']) node.removeAttribute(name);
    }
    if (tag === 'img') {
      if (!isAllowedDisplayImageSrc(node.getAttribute('src') ?? '')) node.removeAttribute('src');
    } else {
      for (const name of ['src', 'alt', 'loading', 'referrerpolicy']) node.removeAttribute(name);
    }
    if (tag !== 'ol' || !/^\d{1,6}$/.test(node.getAttribute('start') ?? '')) node.removeAttribute('start');
  });
  purifier = p;
  return p;
}

/**
 * The browser's second check of rich text (docs/decisions/037): the server sanitised it when it was stored; this
 * keeps a field that escaped that rule inert (no scripts, handlers, styles, frames, forms, meta refreshes or
 * javascript: links). Without a DOM (server rendering) the renderer supplies the server's own sanitiser instead.
 */
export const sanitizeInBrowser: HtmlSanitizer = (html) => {
  if (typeof window === 'undefined') return '';
  return purifierOf().sanitize(html, {
    ALLOWED_TAGS: [...ABOUT_HTML.tags],
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|\/(?!\/))/i,
    // DOMPurify holds every other attribute's value to that pattern too; these are checked by the hook instead.
    ADD_URI_SAFE_ATTR: ['start', 'rel', 'target', 'loading', 'referrerpolicy'],
    // Content of these goes with the tag, as on the server.
    FORBID_CONTENTS: [
      'script',
      'style',
      'textarea',
      'option',
      'noscript',
      'title',
      'template',
      'xmp',
      'iframe',
      'object',
    ],
  });
};
