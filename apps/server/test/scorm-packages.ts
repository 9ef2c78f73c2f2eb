import { writeZip, type ZipFileToWrite } from '../src/lib/zip.js';

/*
 * SCORM packages written by the tests (issue 50.1): a manifest of either version with nested items, xml:base and
 * parameters, and SCO pages that find the runtime's API as content does (window.API / window.API_1484_11 up the
 * frames) and report a status and a score.
 */

export interface ScoSpec {
  identifier: string;
  title: string;
  /** The SCO's file, relative to its resource's xml:base. */
  href: string;
  parameters?: string;
  /** Child items (headings when they have no href of their own). */
  children?: ScoSpec[];
  /** An asset rather than a SCO. */
  asset?: boolean;
  masteryScore?: string;
}

const scoPage = (version: '1.2' | '2004', title: string) => `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>${title}</title>
<script>
  function findApi(win) {
    for (var i = 0; win && i < 10; i++) {
      var api = ${version === '1.2' ? 'win.API' : 'win.API_1484_11'};
      if (api) return api;
      if (win.parent === win) break;
      win = win.parent;
    }
    return null;
  }
  var api = findApi(window);
</script></head>
<body><h1>${title}</h1><p>A page of the package.</p></body></html>
`;

export function manifest12(items: ScoSpec[], extra = ''): string {
  const resources: string[] = [];
  const item = (spec: ScoSpec): string => {
    const ref = spec.href ? ` identifierref="res-${spec.identifier}"` : '';
    const parameters = spec.parameters ? ` parameters="${spec.parameters}"` : '';
    if (spec.href) {
      resources.push(
        `<resource identifier="res-${spec.identifier}" type="webcontent" adlcp:scormtype="${spec.asset ? 'asset' : 'sco'}" href="${spec.href}"><file href="${spec.href}"/></resource>`,
      );
    }
    const mastery = spec.masteryScore ? `<adlcp:masteryscore>${spec.masteryScore}</adlcp:masteryscore>` : '';
    return `<item identifier="${spec.identifier}"${ref}${parameters}><title>${spec.title}</title>${mastery}${(spec.children ?? []).map(item).join('')}</item>`;
  };
  const body = items.map(item).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>${extra}
<manifest identifier="pkg" version="1.0" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Databases &amp; indexes</title>${body}</organization></organizations>
  <resources>${resources.join('')}</resources>
</manifest>`;
}

/** A SCORM 2004 4th edition manifest; the resources sit under `base` (xml:base on <resources>). */
export function manifest2004(items: ScoSpec[], base = ''): string {
  const resources: string[] = [];
  const item = (spec: ScoSpec): string => {
    const ref = spec.href ? ` identifierref="res-${spec.identifier}"` : '';
    const parameters = spec.parameters ? ` parameters="${spec.parameters}"` : '';
    if (spec.href) {
      resources.push(
        `<resource identifier="res-${spec.identifier}" type="webcontent" adlcp:scormType="${spec.asset ? 'asset' : 'sco'}" href="${spec.href}"><file href="${spec.href}"/></resource>`,
      );
    }
    const sequencing =
      `<imsss:sequencing><imsss:objectives><imsss:primaryObjective objectiveID="pass" satisfiedByMeasure="true">` +
      `<imsss:minNormalizedMeasure>0.8</imsss:minNormalizedMeasure></imsss:primaryObjective></imsss:objectives></imsss:sequencing>`;
    return `<item identifier="${spec.identifier}"${ref}${parameters}><title>${spec.title}</title>${(spec.children ?? []).map(item).join('')}${spec.href ? sequencing : ''}</item>`;
  };
  const body = items.map(item).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="pkg2004" version="1" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3" xmlns:imsss="http://www.imsglobal.org/xsd/imsss"
  xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="second">
    <organization identifier="first"><title>Not the default</title><item identifier="x" identifierref="res-x"><title>X</title></item></organization>
    <organization identifier="second"><title>Query planning</title>${body}</organization>
  </organizations>
  <resources${base ? ` xml:base="${base}"` : ''}>${resources.join('')}</resources>
</manifest>`;
}

/** The package's zip: the manifest and a page per launched file (plus `extra` files). */
export function scormZip(
  version: '1.2' | '2004',
  manifest: string,
  pages: string[],
  extra: ZipFileToWrite[] = [],
): Buffer {
  return writeZip([
    { name: 'imsmanifest.xml', data: manifest },
    ...pages.map((name) => ({ name, data: scoPage(version, name) })),
    { name: 'shared/style.css', data: 'body { font-family: serif; }' },
    ...extra,
  ]);
}

/** Rewrites the unpacked size an entry declares, in its local header and in the central directory. */
export function declareSize(zip: Buffer, name: string, size: number): Buffer {
  const out = Buffer.from(zip);
  const wanted = Buffer.from(name, 'utf8');
  for (let at = 0; at < out.length - 46; at++) {
    const signature = out.readUInt32LE(at);
    if (signature === 0x04034b50) {
      const length = out.readUInt16LE(at + 26);
      if (out.subarray(at + 30, at + 30 + length).equals(wanted)) out.writeUInt32LE(size, at + 22);
    } else if (signature === 0x02014b50) {
      const length = out.readUInt16LE(at + 28);
      if (out.subarray(at + 46, at + 46 + length).equals(wanted)) out.writeUInt32LE(size, at + 24);
    }
  }
  return out;
}
