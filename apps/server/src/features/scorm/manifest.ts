import path from 'node:path/posix';
import { SCORM_LIMITS, type ScormVersion } from '@lyceum/contract';
import type { StoredTocEntry } from '#db/schema/index.js';
import { HttpError } from '#lib/errors.js';
import { parseUntrustedXml, walkXml, type ParsedXml } from '#lib/xml.js';

/*
 * imsmanifest.xml of a SCORM 1.2 / 2004 package (ADR 067), read as all outside XML is (lib/xml.ts: no DOCTYPE or
 * ENTITY, no entity expansion). What it yields: the
 * version, the default organization's items in document order (nested ones with their depth), each launchable
 * item's file resolved through identifierref → resource href, xml:base (manifest, resources, resource) and the
 * item's parameters, and the runtime data a SCO is launched with.
 */

export const MANIFEST = 'imsmanifest.xml';

export interface Manifest {
  version: ScormVersion;
  schemaVersion: string;
  title: string;
  toc: StoredTocEntry[];
}

interface Element {
  name: string;
  attrs: Record<string, string>;
  children: Element[];
  text: string;
}

function toElements(list: ParsedXml): { elements: Element[]; text: string } {
  let text = '';
  const elements = walkXml<Element>(list, {
    text: (run) => {
      text += run;
      return null;
    },
    element: (key, raw, children) => {
      const attrs: Record<string, string> = {};
      // Attribute names without their prefix, lower-cased: adlcp:scormtype (1.2) and adlcp:scormType (2004) alike.
      for (const [name, attr] of Object.entries(raw)) attrs[name.toLowerCase()] = attr;
      const inner = toElements(children);
      return { name: key.toLowerCase(), attrs, children: inner.elements, text: inner.text };
    },
  });
  return { elements, text };
}

const refuse = (why: string) => new HttpError(400, `${MANIFEST}: ${why}`);
const kids = (element: Element, name: string) => element.children.filter((c) => c.name === name);
const kid = (element: Element, name: string) => element.children.find((c) => c.name === name);
const textOf = (element: Element | undefined) => (element?.text ?? '').replace(/\s+/g, ' ').trim();

/** The version from metadata/schemaversion, else from the namespaces the manifest declares. */
function versionOf(root: Element, xml: string): { version: ScormVersion; schemaVersion: string } {
  const metadata = kid(root, 'metadata');
  const declared = metadata ? textOf(kid(metadata, 'schemaversion')) : '';
  if (declared === '1.2') return { version: '1.2', schemaVersion: declared };
  if (/^(CAM 1\.3|2004\b)/i.test(declared)) return { version: '2004', schemaVersion: declared };
  if (declared) throw refuse(`schemaversion "${declared.slice(0, 60)}" is neither SCORM 1.2 nor SCORM 2004`);
  if (/adlcp_v1p3|imsss|adlseq/i.test(xml)) return { version: '2004', schemaVersion: '2004 (from its namespaces)' };
  if (/adlcp_rootv1p2/i.test(xml)) return { version: '1.2', schemaVersion: '1.2 (from its namespaces)' };
  throw refuse('no metadata/schemaversion and no SCORM namespace: not a SCORM package');
}

/** A base (xml:base) joined to a href as URL paths are: a relative base is a folder. */
function joinBase(base: string, href: string): string {
  if (!base) return href;
  return base.endsWith('/') ? base + href : `${base}/${href}`;
}

/** The item's parameters appended to the launch URL, as the SCORM CAM says (leading ? or & dropped; # kept once). */
export function withParameters(href: string, parameters: string): string {
  let p = parameters.trim();
  if (!p) return href;
  if (p.startsWith('#')) return href.includes('#') ? href : href + p;
  while (p.startsWith('?') || p.startsWith('&')) p = p.slice(1);
  if (!p) return href;
  const [beforeHash, hash] = href.split(/#(.*)/s, 2) as [string, string | undefined];
  const joined = beforeHash.includes('?') ? `${beforeHash}&${p}` : `${beforeHash}?${p}`;
  return hash === undefined ? joined : `${joined}#${hash}`;
}

/**
 * The package file a launch URL names (its path without query or fragment, decoded, normalised), or a refusal:
 * absolute URLs and paths leaving the package are refused.
 */
function launchFile(url: string, where: string, names: ReadonlySet<string>): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//') || url.startsWith('/')) {
    throw refuse(`${where}: its launch address "${url.slice(0, 200)}" is not a file of the package`);
  }
  const bare = url.split(/[?#]/, 1)[0]!;
  let decoded: string;
  try {
    decoded = decodeURIComponent(bare);
  } catch {
    throw refuse(`${where}: its href "${bare.slice(0, 200)}" is not a valid URL path`);
  }
  const normal = path.normalize(decoded);
  if (normal.startsWith('../') || normal === '..' || normal.startsWith('/')) {
    throw refuse(`${where}: its href "${bare.slice(0, 200)}" leaves the package`);
  }
  if (!names.has(normal)) throw refuse(`${where}: its file "${normal.slice(0, 200)}" is not in the package`);
  return normal;
}

/** Reads a manifest; `names` are the package's files. Any refusal is a 400 naming imsmanifest.xml and the rule. */
export function readManifest(xml: string, names: ReadonlySet<string>): Manifest {
  const read = parseUntrustedXml(xml);
  if ('refused' in read) throw refuse(read.refused);
  const parsed = read.parsed;
  const root = toElements(parsed).elements.find((e) => e.name === 'manifest');
  if (!root) throw refuse('its root element is not <manifest>');
  const { version, schemaVersion } = versionOf(root, xml);

  const organizations = kid(root, 'organizations');
  const all = organizations ? kids(organizations, 'organization') : [];
  if (all.length === 0) throw refuse('no <organization> (a SCORM package needs one)');
  const wanted = organizations!.attrs.default;
  const organization = wanted ? all.find((o) => o.attrs.identifier === wanted) : all[0];
  if (!organization) throw refuse(`the default organization "${wanted}" is not one of its organizations`);

  const resourcesElement = kid(root, 'resources');
  const manifestBase = root.attrs.base ?? '';
  const resourcesBase = joinBase(manifestBase, resourcesElement?.attrs.base ?? '');
  const resources = new Map<string, Element>();
  for (const resource of resourcesElement ? kids(resourcesElement, 'resource') : []) {
    if (resource.attrs.identifier) resources.set(resource.attrs.identifier, resource);
  }

  const toc: StoredTocEntry[] = [];
  const seen = new Set<string>();
  const walk = (parent: Element, depth: number) => {
    for (const item of kids(parent, 'item')) {
      if (toc.length >= SCORM_LIMITS.items) throw refuse(`more than ${SCORM_LIMITS.items} items`);
      if (depth > 20) throw refuse('items nested more than 20 deep');
      const identifier = item.attrs.identifier ?? '';
      if (!identifier) throw refuse('an <item> has no identifier');
      if (seen.has(identifier)) throw refuse(`the item identifier "${identifier.slice(0, 100)}" is used twice`);
      seen.add(identifier);
      if (item.attrs.isvisible === 'false' && kids(item, 'item').length === 0 && !item.attrs.identifierref) continue;
      const title = textOf(kid(item, 'title')).slice(0, 500) || identifier;
      const entry: StoredTocEntry = { identifier, title, depth, launch: null, sco: false };
      const ref = item.attrs.identifierref;
      if (ref) {
        const resource = resources.get(ref);
        const where = `item "${identifier.slice(0, 100)}"`;
        if (!resource) throw refuse(`${where}: its identifierref "${ref.slice(0, 100)}" names no resource`);
        if (!resource.attrs.href) throw refuse(`${where}: its resource "${ref.slice(0, 100)}" has no href`);
        const href = joinBase(joinBase(resourcesBase, resource.attrs.base ?? ''), resource.attrs.href);
        const url = withParameters(href, item.attrs.parameters ?? '');
        launchFile(url, where, names);
        entry.launch = url;
        entry.sco = (resource.attrs.scormtype ?? '').toLowerCase() === 'sco';
        const launchData = textOf(kid(item, 'datafromlms'));
        if (launchData) entry.launchData = launchData.slice(0, 4096);
        const mastery = textOf(kid(item, 'masteryscore'));
        if (mastery) entry.masteryScore = mastery.slice(0, 20);
        const threshold = kid(item, 'completionthreshold');
        const thresholdValue = threshold?.attrs.minprogressmeasure ?? textOf(threshold);
        if (thresholdValue) entry.completionThreshold = thresholdValue.slice(0, 20);
        const objectives = kid(kid(item, 'sequencing') ?? item, 'objectives');
        const objective = objectives ? kid(objectives, 'primaryobjective') : undefined;
        if (objective?.attrs.satisfiedbymeasure === 'true') {
          const measure = textOf(kid(objective, 'minnormalizedmeasure'));
          if (measure) entry.scaledPassingScore = measure.slice(0, 20);
        }
      }
      toc.push(entry);
      walk(item, depth + 1);
    }
  };
  walk(organization, 0);
  if (!toc.some((entry) => entry.launch)) throw refuse('the default organization launches nothing');
  const title = textOf(kid(organization, 'title')).slice(0, 200) || toc[0]!.title.slice(0, 200);
  return { version, schemaVersion, title, toc };
}
