import { htmlToText, sanitizeAboutHtml } from '#lib/sanitize.js';

/* GIFT text: escapes, the [format] of a text, markdown, and the text as the bank stores it (gift.ts). */

/** A block that cannot be imported; the message is shown to the teacher as it is. */
export class Refusal extends Error {}

export const MAX_LINE_TEXT = 200;

/** Our extension in a GIFT comment line: `// [points:2]` (Moodle ignores comments). */
export const POINTS_COMMENT = /\[points:(\d+(?:\.\d+)?)\]/;
/** Tags in a comment line, as gift-pegjs and other GIFT tools write them: `// [tag:algebra]`. */
export const TAG_COMMENT = /\[tag:([^\]]+)\]/g;

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

// ---------------------------------------------------------------------------------------------
// Escapes: `\:` `\#` `\=` `\{` `\}` `\~` stand for the character, `\n` for a line break and `\\` for a backslash.
// They become private-use characters while the block is cut into parts, and the characters again in each text.
// ---------------------------------------------------------------------------------------------

export const ESCAPED: Record<string, string> = {
  ':': '\uE000',
  '#': '\uE001',
  '=': '\uE002',
  '{': '\uE003',
  '}': '\uE004',
  '~': '\uE005',
  n: '\uE006',
  '\\': '\uE007',
};
export const UNESCAPED: Record<string, string> = Object.fromEntries(
  Object.entries(ESCAPED).map(([char, placeholder]) => [placeholder, char === 'n' ? '\n' : char]),
);

export function hideEscapes(text: string): string {
  return text.replace(/\\([:#={}~n\\])/g, (_match, char: string) => ESCAPED[char] ?? char);
}

export function showEscapes(text: string): string {
  return text.replace(/[\uE000-\uE007]/g, (char) => UNESCAPED[char] ?? char);
}

// ---------------------------------------------------------------------------------------------
// Text formats: `[html]`, `[moodle]` (the default), `[markdown]` and `[plain]` before a text, as Moodle reads them.
// ---------------------------------------------------------------------------------------------

export type Format = 'html' | 'moodle' | 'markdown' | 'plain';
export const FORMATS = new Set<Format>(['html', 'moodle', 'markdown', 'plain']);

export interface GiftText {
  text: string;
  format: Format;
}

/** A text part with its format: a leading `[name]` of a known format sets it, else the default (Moodle's rule). */
export function textWithFormat(raw: string, fallback: Format): GiftText {
  let text = raw.trim();
  let format = fallback;
  const named = /^\[([a-z]+)\]/.exec(text);
  if (named && FORMATS.has(named[1] as Format)) {
    format = named[1] as Format;
    text = text.slice(named[0].length);
  }
  return { text: showEscapes(text).trim(), format };
}

/** `<` and `&` that start no tag or entity are text (HTML written by hand: "a < b & c"). */
export function looseHtml(text: string): string {
  return text.replace(/&(?![a-zA-Z][a-zA-Z0-9]*;|#\d+;|#x[0-9a-fA-F]+;)/g, '&amp;').replace(/<(?![a-zA-Z/!])/g, '&lt;');
}

/** Inline Markdown: code, bold, italics and links (the text is already HTML-safe). */
export function markdownInline(text: string): string {
  return text
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*|__([^_]+)__/g, (_m, a?: string, b?: string) => `<strong>${a ?? b ?? ''}</strong>`)
    .replace(/\*([^*\s][^*]*)\*|\b_([^_\s][^_]*)_\b/g, (_m, a?: string, b?: string) => `<em>${a ?? b ?? ''}</em>`)
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, '<a href="$2">$1</a>');
}

/** Markdown's blocks: headings, lists, code blocks and paragraphs (what Moodle's Markdown texts use). */
export function markdownToHtml(source: string): string {
  const out: string[] = [];
  const lines = looseHtml(source).split('\n');
  let paragraph: string[] = [];
  let list: { tag: 'ul' | 'ol'; items: string[] } | null = null;
  const flush = () => {
    if (paragraph.length) out.push(`<p>${markdownInline(paragraph.join('<br />'))}</p>`);
    paragraph = [];
    if (list)
      out.push(`<${list.tag}>${list.items.map((item) => `<li>${markdownInline(item)}</li>`).join('')}</${list.tag}>`);
    list = null;
  };
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] ?? '';
    if (line.trim() === '') {
      flush();
      continue;
    }
    if (line.trim().startsWith('```')) {
      flush();
      const code: string[] = [];
      for (i += 1; i < lines.length && !(lines[i] ?? '').trim().startsWith('```'); i += 1) code.push(lines[i] ?? '');
      out.push(`<pre><code>${code.join('\n')}</code></pre>`);
      continue;
    }
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      out.push(`<h${heading[1]?.length ?? 1}>${markdownInline(heading[2] ?? '')}</h${heading[1]?.length ?? 1}>`);
      continue;
    }
    const item = /^\s*(?:([-*+])|(\d+)[.)])\s+(.*)$/.exec(line);
    if (item) {
      const tag = item[1] ? 'ul' : 'ol';
      if (paragraph.length || (list && list.tag !== tag)) flush();
      list ??= { tag, items: [] };
      list.items.push(item[3] ?? '');
      continue;
    }
    if (list) flush();
    paragraph.push(line.trim());
  }
  flush();
  return out.join('');
}

/** A GIFT text as HTML, before sanitising: Moodle's rules for each format. */
export function htmlOf({ text, format }: GiftText): string {
  if (!text) return '';
  switch (format) {
    case 'html':
      return text;
    case 'markdown':
      return markdownToHtml(text);
    case 'plain':
      return `<p>${escapeHtml(text).replace(/\n/g, '<br />')}</p>`;
    case 'moodle': {
      // Moodle's own format: HTML is allowed and each line break is one (outside <pre>, where it already is).
      const html = looseHtml(text);
      if (/^\s*<(p|div|pre|ul|ol|h[1-6]|table|blockquote)\b/i.test(html)) return html;
      const parts = html.split(/(<pre[\s\S]*?<\/pre>)/i);
      return `<p>${parts.map((part, i) => (i % 2 ? part : part.replace(/\n/g, '<br />'))).join('')}</p>`;
    }
  }
}

/** Sanitised HTML of a question's text. */
export function promptOf(text: GiftText): string {
  return text.text ? sanitizeAboutHtml(htmlOf(text)) : '';
}

/** Plain text of an answer or a feedback (the bank keeps those as text): its HTML's text, or the text itself. */
export function plainOf(text: GiftText): string {
  if (!text.text) return '';
  if (text.format === 'plain') return text.text.trim();
  if (text.format === 'html' || /<\/?[a-zA-Z][^>]*>|&[a-zA-Z]+;|&#\d+;/.test(text.text))
    return htmlToText(htmlOf(text));
  return text.text.replace(/\s+/g, ' ').trim();
}
