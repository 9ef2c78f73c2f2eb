import { decodeXmlText, parseUntrustedXml, walkXml, type ParsedXml } from '#lib/xml.js';

/*
 * XML for QTI (ADR 064), read as all outside XML is (lib/xml.ts: no DOCTYPE or ENTITY, no entity expansion). QTI 3.0's kebab-case `qti-` names are read
 * as QTI 2.1's camelCase ones, so one mapper reads both versions.
 */

/** An element: its name as QTI 2.1 spells it, its name as written, its attributes (camelCase) and its children. */
export interface XmlElement {
  name: string;
  raw: string;
  attrs: Record<string, string>;
  rawAttrs: Record<string, string>;
  children: XmlNode[];
}
export type XmlNode = XmlElement | string;

/** Why an XML file was refused (its message is shown to the teacher). */
export class XmlRefusal extends Error {}

const camel = (name: string) => name.replace(/-([a-z0-9])/g, (_match, c: string) => c.toUpperCase());
/** `qti-simple-choice` → `simpleChoice`; other names as they are. */
const qtiName = (name: string) => (name.startsWith('qti-') ? camel(name.slice(4)) : name);

/** The five predefined entities and character references, decoded (lib/xml.ts). */
export const decodeText = decodeXmlText;

function toNodes(list: ParsedXml): XmlNode[] {
  return walkXml<XmlNode>(list, {
    text: (text) => text,
    element: (key, rawAttrs, children) => {
      const attrs: Record<string, string> = {};
      const kept: Record<string, string> = {};
      for (const [name, text] of Object.entries(rawAttrs)) {
        if (name.startsWith('xmlns')) continue;
        attrs[camel(name)] = text;
        kept[name] = text;
      }
      return { name: qtiName(key), raw: key, attrs, rawAttrs: kept, children: toNodes(children) };
    },
  });
}

/** The root element of an XML text; refuses DOCTYPE/ENTITY declarations and text that is not well-formed XML. */
export function parseXml(text: string, file: string): XmlElement {
  const read = parseUntrustedXml(text);
  if ('refused' in read) throw new XmlRefusal(`${file}: ${read.refused}`);
  const root = toNodes(read.parsed).find((node): node is XmlElement => typeof node !== 'string');
  if (!root) throw new XmlRefusal(`${file}: no root element`);
  return root;
}

export const elements = (node: XmlElement) => node.children.filter((c): c is XmlElement => typeof c !== 'string');
export const child = (node: XmlElement, name: string) => elements(node).find((c) => c.name === name);
export const childrenNamed = (node: XmlElement, name: string) => elements(node).filter((c) => c.name === name);

/** Every descendant element (depth first, document order). */
export function descendants(node: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (element: XmlElement) => {
    for (const c of elements(element)) {
      out.push(c);
      walk(c);
    }
  };
  walk(node);
  return out;
}

/** The text of a node and its descendants, spaces collapsed. */
export function textOf(node: XmlNode): string {
  const raw = typeof node === 'string' ? node : node.children.map(textOf).join('');
  return raw.replace(/\s+/g, ' ');
}

export const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const VOID = new Set(['br', 'hr', 'img', 'wbr', 'col', 'source', 'track', 'area', 'input', 'embed']);

/**
 * A node back to markup (element names as written, without namespace prefixes), for a prompt's HTML; `replace`
 * gives an element's markup instead (null: as it is).
 */
export function serialize(node: XmlNode, replace: (element: XmlElement) => string | null = () => null): string {
  if (typeof node === 'string') return escapeXml(node);
  const instead = replace(node);
  if (instead !== null) return instead;
  const attrs = Object.entries(node.rawAttrs)
    .map(([name, value]) => ` ${name}="${escapeXml(value)}"`)
    .join('');
  if (VOID.has(node.raw) && node.children.length === 0) return `<${node.raw}${attrs} />`;
  const inner = node.children.map((c) => serialize(c, replace)).join('');
  return `<${node.raw}${attrs}>${inner}</${node.raw}>`;
}

/** HTML (as the bank stores it, sanitised) as XML: void elements closed; the sanitiser escapes text already. */
export function htmlToXml(html: string): string {
  return html.replace(
    new RegExp(`<(${[...VOID].join('|')})(\\s[^>]*?)?\\s*/?>`, 'gi'),
    (_match, name: string, attrs: string | undefined) => `<${name}${attrs ?? ''} />`,
  );
}
