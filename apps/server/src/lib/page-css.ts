/**
 * The CSS a rendered page inlines (issue 20 point 6, ADR 014): of the web app's one stylesheet, only the rules that
 * can match the page's own markup. The stylesheet is read once into a tree of rules; per page, a style rule is kept
 * when every class its selector names (outside `:not()`, `:is()` and other functional pseudo-classes, which may match
 * without them) is on an element of the page. Rules that name no class (the reset, `:root` variables, element and
 * attribute selectors), at-rules such as `@font-face` and `@keyframes`, and anything this reader does not follow
 * (escaped class names) are always kept — a kept rule that matches nothing costs bytes, a dropped one a broken page.
 * The whole stylesheet follows after the first paint (boot.js), for what the app renders in the browser.
 */

type CssNode =
  | { kind: 'keep'; text: string }
  | { kind: 'style'; text: string; selectors: string[][] | null }
  | { kind: 'group'; prelude: string; children: CssNode[] };

export interface ParsedStylesheet {
  nodes: CssNode[];
  /** The whole stylesheet. */
  text: string;
}

/** At-rules whose block holds rules, filtered like the top level. */
const GROUPING_AT_RULES = /^@(media|supports|layer|container|scope|document)\b/i;
const CLASS_NAME = /\.(-?[_a-zA-Z\u00a0-\uffff][-_a-zA-Z0-9\u00a0-\uffff]*)/g;
const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;

/** The index after a string or comment starting at `i`, or `i` when none starts there. */
function skipStringOrComment(css: string, i: number): number {
  const char = css[i];
  if (char === '"' || char === "'") {
    let j = i + 1;
    while (j < css.length && css[j] !== char) j += css[j] === '\\' ? 2 : 1;
    return j + 1;
  }
  if (char === '/' && css[i + 1] === '*') {
    const end = css.indexOf('*/', i + 2);
    return end === -1 ? css.length : end + 2;
  }
  return i;
}

/** The index of the first of `stops` at nesting depth 0 from `i` (strings, comments and escapes skipped), or -1. */
function findTopLevel(css: string, i: number, end: number, stops: string): number {
  let depth = 0;
  while (i < end) {
    const skipped = skipStringOrComment(css, i);
    if (skipped !== i) {
      i = skipped;
      continue;
    }
    const char = css[i]!;
    if (char === '\\') {
      i += 2;
      continue;
    }
    if (depth === 0 && stops.includes(char)) return i;
    if (char === '{' || char === '(' || char === '[') depth += 1;
    else if (char === '}' || char === ')' || char === ']') depth -= 1;
    i += 1;
  }
  return -1;
}

/** The selector list split at its top-level commas. */
function splitSelectors(prelude: string): string[] {
  const selectors: string[] = [];
  let start = 0;
  for (;;) {
    const comma = findTopLevel(prelude, start, prelude.length, ',');
    if (comma === -1) break;
    selectors.push(prelude.slice(start, comma));
    start = comma + 1;
  }
  selectors.push(prelude.slice(start));
  return selectors;
}

/** Text inside () and [] and strings removed: what is left names the classes the selector cannot match without. */
function outerSelector(selector: string): string {
  let out = '';
  let depth = 0;
  let i = 0;
  while (i < selector.length) {
    const skipped = skipStringOrComment(selector, i);
    if (skipped !== i) {
      i = skipped;
      continue;
    }
    const char = selector[i]!;
    if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
    else if (depth === 0) out += char;
    i += 1;
  }
  return out;
}

/** Per selector, the classes it requires; null when the rule is kept whatever the page holds. */
function requiredClasses(prelude: string): string[][] | null {
  if (prelude.includes('\\')) return null;
  const selectors = splitSelectors(prelude).map((selector) =>
    [...outerSelector(selector).matchAll(CLASS_NAME)].map((match) => match[1]!),
  );
  return selectors.some((classes) => classes.length === 0) ? null : selectors;
}

function parseRules(css: string, start: number, end: number): CssNode[] {
  const nodes: CssNode[] = [];
  let i = start;
  while (i < end) {
    while (i < end && /\s/.test(css[i]!)) i += 1;
    if (i >= end) break;
    const skipped = skipStringOrComment(css, i);
    if (skipped !== i && css[i] === '/') {
      i = skipped; // a comment between rules
      continue;
    }
    const stop = findTopLevel(css, i, end, '{;}');
    if (stop === -1 || css[stop] === '}') {
      // Trailing text without a block: keep it as it is.
      nodes.push({ kind: 'keep', text: css.slice(i, stop === -1 ? end : stop) });
      break;
    }
    if (css[stop] === ';') {
      nodes.push({ kind: 'keep', text: css.slice(i, stop + 1) });
      i = stop + 1;
      continue;
    }
    const close = findTopLevel(css, stop + 1, end, '}');
    const blockEnd = close === -1 ? end : close;
    const prelude = css.slice(i, stop).trim();
    if (GROUPING_AT_RULES.test(prelude)) {
      nodes.push({ kind: 'group', prelude, children: parseRules(css, stop + 1, blockEnd) });
    } else if (prelude.startsWith('@')) {
      nodes.push({ kind: 'keep', text: css.slice(i, blockEnd + 1) });
    } else {
      nodes.push({ kind: 'style', text: css.slice(i, blockEnd + 1), selectors: requiredClasses(prelude) });
    }
    i = blockEnd + 1;
  }
  return nodes;
}

export function parseStylesheet(css: string): ParsedStylesheet {
  return { nodes: parseRules(css, 0, css.length), text: css };
}

/** Every class on an element of the markup. */
export function classesInMarkup(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(CLASS_ATTRIBUTE)) {
    for (const name of match[1]!.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

function renderNodes(nodes: CssNode[], classes: Set<string>): string {
  let out = '';
  for (const node of nodes) {
    if (node.kind === 'keep') out += node.text;
    else if (node.kind === 'style') {
      const used =
        node.selectors === null || node.selectors.some((required) => required.every((name) => classes.has(name)));
      if (used) out += node.text;
    } else {
      const inner = renderNodes(node.children, classes);
      if (inner) out += `${node.prelude}{${inner}}`;
    }
  }
  return out;
}

/** The rules of the stylesheet that the markup can use, in their original order. */
export function usedCss(stylesheet: ParsedStylesheet, html: string): string {
  return renderNodes(stylesheet.nodes, classesInMarkup(html));
}
