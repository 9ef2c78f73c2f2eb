/**
 * The CSS a rendered page inlines (issue 20 point 6, ADR 014): of the web app's one stylesheet, only the rules that
 * can match the page's own markup. The stylesheet is read once into a tree of rules; per page, a style rule is kept
 * when every class its selector names (outside `:not()`, `:is()` and other functional pseudo-classes, which may match
 * without them) is on an element of the page. Rules that name no class (the reset, `:root` variables, element and
 * attribute selectors), at-rules such as `@font-face` and `@keyframes`, and anything this reader does not follow
 * (escaped class names) are always kept — a kept rule that matches nothing costs bytes, a dropped one a broken page.
 * Of the kept rules' custom properties (`--name: value`, Mantine's ~24 KB of theme variables among them), only those
 * the page can read are kept: named by `var()` in a kept rule's other declarations, in an at-rule kept whole, anywhere
 * in the page's markup (inline styles, Mantine's own style tags), or in the value of a custom property kept so.
 * The whole stylesheet follows after the first paint (boot.js), for what the app renders in the browser.
 */

/** One declaration of a style rule: the custom property it defines (or null), and the variables its value reads. */
interface Declaration {
  text: string;
  defines: string | null;
  reads: string[];
}

type CssNode =
  | { kind: 'keep'; text: string }
  | {
      kind: 'style';
      text: string;
      selectors: string[][] | null;
      prelude: string;
      /** Null when the block holds no custom property: the rule is then kept as written. */
      declarations: Declaration[] | null;
    }
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
const VARIABLE_READ = /var\(\s*(--[-_a-zA-Z0-9\u00a0-\uffff]+)/g;
const CUSTOM_PROPERTY = /^\s*(--[-_a-zA-Z0-9\u00a0-\uffff]+)\s*:/;

function variablesRead(text: string): string[] {
  return [...text.matchAll(VARIABLE_READ)].map((match) => match[1]!);
}

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

/** The text split at its top-level occurrences of `separator`. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (;;) {
    const at = findTopLevel(text, start, text.length, separator);
    if (at === -1) break;
    parts.push(text.slice(start, at));
    start = at + 1;
  }
  parts.push(text.slice(start));
  return parts;
}

/** A style rule's block as declarations, or null when it defines no custom property (nothing to cut). */
function declarationsOf(block: string): Declaration[] | null {
  if (!block.includes('--')) return null;
  const declarations = splitTopLevel(block, ';')
    .filter((text) => text.trim() !== '')
    .map((text) => ({ text, defines: CUSTOM_PROPERTY.exec(text)?.[1] ?? null, reads: variablesRead(text) }));
  return declarations.some((declaration) => declaration.defines) ? declarations : null;
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
  const selectors = splitTopLevel(prelude, ',').map((selector) =>
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
      nodes.push({
        kind: 'style',
        text: css.slice(i, blockEnd + 1),
        selectors: requiredClasses(prelude),
        prelude: css.slice(i, stop),
        declarations: declarationsOf(css.slice(stop + 1, blockEnd)),
      });
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

type StyleNode = Extract<CssNode, { kind: 'style' }>;

function isUsed(node: StyleNode, classes: Set<string>): boolean {
  return node.selectors === null || node.selectors.some((required) => required.every((name) => classes.has(name)));
}

/** The variables the page can read: see the module's comment. */
function variablesUsed(nodes: CssNode[], classes: Set<string>, html: string): Set<string> {
  const used = new Set(variablesRead(html));
  const definitions = new Map<string, string[][]>();
  const visit = (list: CssNode[]) => {
    for (const node of list) {
      if (node.kind === 'group') visit(node.children);
      else if (node.kind === 'keep') for (const name of variablesRead(node.text)) used.add(name);
      else if (isUsed(node, classes)) {
        if (!node.declarations) {
          for (const name of variablesRead(node.text)) used.add(name);
          continue;
        }
        for (const declaration of node.declarations) {
          if (!declaration.defines) for (const name of declaration.reads) used.add(name);
          else
            definitions.set(declaration.defines, [...(definitions.get(declaration.defines) ?? []), declaration.reads]);
        }
      }
    }
  };
  visit(nodes);
  const pending = [...used];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    for (const reads of definitions.get(name) ?? []) {
      for (const read of reads) {
        if (!used.has(read)) {
          used.add(read);
          pending.push(read);
        }
      }
    }
  }
  return used;
}

function renderNodes(nodes: CssNode[], classes: Set<string>, variables: Set<string>): string {
  let out = '';
  for (const node of nodes) {
    if (node.kind === 'keep') out += node.text;
    else if (node.kind === 'style') {
      if (!isUsed(node, classes)) continue;
      if (!node.declarations) {
        out += node.text;
        continue;
      }
      const kept = node.declarations.filter(
        (declaration) => !declaration.defines || variables.has(declaration.defines),
      );
      if (kept.length > 0) out += `${node.prelude}{${kept.map((declaration) => declaration.text).join(';')}}`;
    } else {
      const inner = renderNodes(node.children, classes, variables);
      if (inner) out += `${node.prelude}{${inner}}`;
    }
  }
  return out;
}

/** The rules of the stylesheet that the markup can use, in their original order, with the variables it can read. */
export function usedCss(stylesheet: ParsedStylesheet, html: string): string {
  const classes = classesInMarkup(html);
  return renderNodes(stylesheet.nodes, classes, variablesUsed(stylesheet.nodes, classes, html));
}
