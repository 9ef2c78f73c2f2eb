import { z } from 'zod';

/**
 * Hostile content for every free-text field of a request body, found from the contract's schema (issue 55): a new
 * field of the schema is covered without a change here. Each payload holds the four things a stored-HTML attack uses:
 * a full-page overlay, a meta refresh to another site, an event-handler attribute and a javascript: link. Longer
 * fields get the whole set, shorter ones the shortest payload that fits; a field too short for any keeps its value.
 */
export const OVERLAY_ID = 'hostile-overlay';
export const HOSTILE_TEXT = 'Your session expired';
const PAYLOADS = [
  `<div id="${OVERLAY_ID}" style="position:fixed;inset:0;z-index:99999;background:#fff">${HOSTILE_TEXT}. ` +
    '<a href="javascript:alert(1)">Sign in again</a></div><meta http-equiv="refresh" content="0;url=https://evil.example/">' +
    '<img src="x" onerror="alert(2)"><p onclick="alert(3)">Hostile paragraph</p>',
  `<p id="${OVERLAY_ID}" style="position:fixed;inset:0" onmouseover="alert(1)">${HOSTILE_TEXT}</p>` +
    '<meta http-equiv="refresh" content="0;url=https://evil.example/"><a href="javascript:alert(2)">go</a>',
  `<a href="javascript:alert(1)" onclick="alert(2)">${HOSTILE_TEXT}</a><meta http-equiv="refresh" content="0;url=/x">`,
].sort((a, b) => b.length - a.length);

type Json = { [key: string]: unknown };
type Node = Json & { anyOf?: Node[]; oneOf?: Node[]; properties?: Record<string, Node>; items?: Node };

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A union's branch that fits the value (by the constants a discriminated union puts on its branches). */
function branch(node: Node, value: unknown): Node {
  const options = node.anyOf ?? node.oneOf;
  if (!options) return node;
  const fits = options.filter((option) => {
    if (option.type === 'object') {
      if (!isObject(value)) return false;
      return Object.entries(option.properties ?? {}).every(([key, p]) => !('const' in p) || p.const === value[key]);
    }
    if (option.type === 'array') return Array.isArray(value);
    return value === undefined || typeof value === option.type;
  });
  return fits[0] ?? options[0]!;
}

/** Free text: a string with no fixed values, format or pattern (ids, e-mails, dates and codes are not). */
function isFreeText(node: Node): boolean {
  return node.type === 'string' && !node.enum && !('const' in node) && !node.format && !node.pattern;
}

function fill(node: Node, value: unknown, keep: ReadonlySet<string>): unknown {
  const n = branch(node, value);
  if (isFreeText(n) && (value === undefined || typeof value === 'string')) {
    const max = typeof n.maxLength === 'number' ? n.maxLength : Infinity;
    return PAYLOADS.find((p) => p.length <= max) ?? value;
  }
  if (n.type === 'object') {
    if (value !== undefined && !isObject(value)) return value;
    const out: Json = { ...(value ?? {}) };
    for (const [key, property] of Object.entries(n.properties ?? {})) {
      if (keep.has(key)) continue;
      const filled = fill(property, out[key], keep);
      if (filled !== undefined) out[key] = filled;
    }
    const extra = n.additionalProperties;
    if (isObject(extra))
      for (const key of Object.keys(out).filter((k) => !(k in (n.properties ?? {}))))
        out[key] = fill(extra as Node, out[key], keep);
    // An object absent from the base is added only when it is complete.
    if (value === undefined) {
      const required = (n.required as string[] | undefined) ?? [];
      return Object.keys(out).length > 0 && required.every((key) => key in out) ? out : undefined;
    }
    return out;
  }
  if (n.type === 'array' && Array.isArray(value))
    return value.map((item) => (n.items ? fill(n.items, item, keep) : item));
  return value;
}

/**
 * `base` (a valid body) with every free-text field of `schema` holding hostile HTML, but the fields named in `keep`
 * (secrets such as an assessment's password, which would change what the test can do).
 */
export function hostileBody<T extends object>(schema: z.ZodType, base: T, keep: string[] = []): T {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Node;
  return fill(json, base, new Set(keep)) as T;
}
