import { XMLParser } from 'fast-xml-parser';

/*
 * One way to read XML that comes from outside (QTI items and packages, SCORM manifests): fast-xml-parser with entity
 * processing off, after refusing any DOCTYPE or ENTITY declaration outright (no external entity, no expansion); the
 * five predefined entities and character references are decoded by hand. Each reader turns the parsed entries into
 * the tree it needs (walkXml).
 */

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  processEntities: false,
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  commentPropName: '#comment',
});

/** The parser's output with `preserveOrder`: per entry, one element name (or `#text`) and its attributes (`:@`). */
export type ParsedXml = Record<string, unknown>[];

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The five predefined entities and character references, decoded by hand (the parser expands none). */
export function decodeXmlText(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z]+);/g, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return PREDEFINED[ref] ?? whole;
  });
}

/**
 * Parses outside XML, or says why not in words a teacher can read (the caller names the file): a DOCTYPE or ENTITY
 * declaration, or text that is not well-formed.
 */
export function parseUntrustedXml(text: string): { parsed: ParsedXml } | { refused: string } {
  if (/<!DOCTYPE|<!ENTITY/i.test(text))
    return { refused: 'DOCTYPE and ENTITY declarations are refused (no external or custom entities)' };
  try {
    return { parsed: parser.parse(text, true) as ParsedXml };
  } catch (error) {
    return { refused: `not well-formed XML (${(error as Error).message})` };
  }
}

/**
 * Walks parsed entries in document order, comments left out, text and attribute values decoded: `element` is given
 * each element's name as written, its attributes and its children's entries; `text` each run of text.
 */
export function walkXml<T>(
  list: ParsedXml,
  visit: {
    element: (name: string, attrs: Record<string, string>, children: ParsedXml) => T;
    text: (text: string) => T | null;
  },
): T[] {
  const out: T[] = [];
  for (const entry of list) {
    const rawAttrs = (entry[':@'] as Record<string, string> | undefined) ?? {};
    for (const [key, value] of Object.entries(entry)) {
      if (key === ':@' || key === '#comment') continue;
      if (key === '#text') {
        const node = visit.text(decodeXmlText(String(value)));
        if (node !== null) out.push(node);
        continue;
      }
      const attrs: Record<string, string> = {};
      for (const [name, attr] of Object.entries(rawAttrs)) attrs[name] = decodeXmlText(String(attr));
      out.push(visit.element(key, attrs, value as ParsedXml));
    }
  }
  return out;
}
