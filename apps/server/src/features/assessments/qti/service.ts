import { randomUUID } from 'node:crypto';
import {
  QTI_LIMITS,
  type CreateBankQuestionInput,
  type QtiImportReport,
  type QtiNotice,
  type QtiRefusedItem,
} from '@lyceum/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { SessionUser } from '#auth/guards.js';
import type { Db } from '#db/client.js';
import { questions } from '#db/schema/index.js';
import { HttpError } from '#lib/errors.js';
import { openZip, writeZip } from '#lib/zip.js';
import { type BankAccess, cleanPrompt, inOrder, rowValues, toBankQuestion } from '../bank-shared.js';
import { itemIdentifier, itemXml, manifestXml } from './qti-export.js';
import { mapItem } from './qti-items.js';
import { child, childrenNamed, parseXml, XmlRefusal, type XmlElement } from './xml.js';

/*
 * QTI 2.1 / 3.0 into a course's bank and its bank out as a QTI 3.0 content package (issue 50.4, ADR 064). An
 * import is a preview (dryRun) or one transaction: every good item is written, or none.
 */

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const MANIFEST = 'imsmanifest.xml';
const ITEM_TYPE = /^imsqti_item_xmlv(2p[12]|3p0)/;
const NOT_TEXT = 'The file is neither a QTI XML file (UTF-8) nor a content package (.zip)';

interface Found {
  file: string;
  identifier: string;
  input: CreateBankQuestionInput;
}
interface Parsed {
  source: 'item' | 'package';
  found: Found[];
  refused: QtiRefusedItem[];
  notices: QtiNotice[];
}

function decode(bytes: Buffer, file: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new HttpError(400, `${file}: not UTF-8 text`);
  }
}

/** A package's zip: its entries, their declared sizes together, and each XML file read (ADR 064). */
const PACKAGE_LIMITS = {
  entries: QTI_LIMITS.zipEntries,
  unpackedBytes: QTI_LIMITS.unpackedBytes,
  entryBytes: QTI_LIMITS.xmlBytes,
};

/** A refusal of the whole upload as the teacher reads it (nothing is written). */
function whole(error: unknown): never {
  if (error instanceof XmlRefusal) throw new HttpError(400, error.message);
  throw error;
}

/** `a/b/../c` → `a/c`; null when it leaves the package or is absolute. */
function resolveHref(base: string, href: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('/')) return null;
  const parts: string[] = [];
  for (const part of `${base}${decodeURIComponent(href)}`.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join('/');
}

function addItem(parsed: Parsed, root: XmlElement, file: string) {
  const outcome = mapItem(root, file);
  if (!outcome.ok) {
    parsed.refused.push({ file, identifier: outcome.identifier, reason: outcome.reason });
    return;
  }
  parsed.found.push({ file, identifier: outcome.identifier, input: outcome.input });
  for (const message of outcome.notices) parsed.notices.push({ file, identifier: outcome.identifier, message });
}

/** An upload (one item's XML or a package) → the questions found and the items refused. */
async function parseUpload(bytes: Buffer, filename: string): Promise<Parsed> {
  if (!bytes.subarray(0, 4).equals(ZIP_MAGIC)) {
    if (bytes.includes(0)) throw new HttpError(400, NOT_TEXT);
    const parsed: Parsed = { source: 'item', found: [], refused: [], notices: [] };
    const root = (() => {
      try {
        return parseXml(decode(bytes, filename), filename);
      } catch (error) {
        return whole(error);
      }
    })();
    if (root.name === 'manifest')
      throw new HttpError(400, 'Send the whole content package (.zip), not its imsmanifest.xml alone');
    addItem(parsed, root, filename);
    return parsed;
  }
  const zip = await openZip(bytes, PACKAGE_LIMITS);
  if (!zip.names.includes(MANIFEST))
    throw new HttpError(400, `The package has no ${MANIFEST} at its root: it is not an IMS content package`);
  const manifest = await zip
    .read(MANIFEST)
    .then((data) => parseXml(decode(data, MANIFEST), MANIFEST))
    .catch(whole);
  const resourcesNode = child(manifest, 'resources');
  const resources = resourcesNode ? childrenNamed(resourcesNode, 'resource') : [];
  const parsed: Parsed = { source: 'package', found: [], refused: [], notices: [] };
  const items = resources.filter((resource) => ITEM_TYPE.test(resource.attrs.type ?? ''));
  for (const resource of resources) {
    const type = resource.attrs.type ?? '';
    if (/^imsqti_xmlv1p2/.test(type) || /^imsqti_item_xmlv1/.test(type))
      parsed.refused.push({
        file: resource.attrs.href ?? MANIFEST,
        identifier: resource.attrs.identifier ?? '',
        reason: 'QTI 1.2 is read by the Common Cartridge import, not by this one (QTI 2.1 and 3.0)',
      });
  }
  if (items.length > QTI_LIMITS.items)
    throw new HttpError(413, `The package lists ${items.length} items; at most ${QTI_LIMITS.items} are accepted`);
  const base = resourcesNode?.attrs.base ?? '';
  for (const resource of items) {
    const identifier = resource.attrs.identifier ?? '';
    const href = resource.attrs.href ?? childrenNamed(resource, 'file')[0]?.attrs.href ?? '';
    const file = resolveHref(`${base}${resource.attrs.base ?? ''}`, href);
    if (!file) {
      parsed.refused.push({ file: href, identifier, reason: 'its href leaves the package or is absolute' });
      continue;
    }
    if (!zip.names.includes(file)) {
      parsed.refused.push({ file, identifier, reason: 'the manifest names this file, but the package lacks it' });
      continue;
    }
    const data = await zip.read(file).catch(whole);
    let root: XmlElement;
    try {
      root = parseXml(decode(data, file), file);
    } catch (error) {
      if (error instanceof XmlRefusal) {
        parsed.refused.push({ file, identifier, reason: error.message.replace(`${file}: `, '') });
        continue;
      }
      throw error;
    }
    addItem(parsed, root, file);
  }
  return parsed;
}

/** QTI import (preview, or one transaction) and export (a QTI 3.0 content package) of a course's bank. */
export function createQtiExchange(db: Db, { assertCourseTeacher }: BankAccess) {
  return {
    async importQti(
      user: SessionUser,
      courseId: string,
      upload: { bytes: Buffer; filename: string },
      dryRun: boolean,
    ): Promise<QtiImportReport> {
      await assertCourseTeacher(user, courseId);
      const parsed = await parseUpload(upload.bytes, upload.filename);
      const inputs = parsed.found.map((found) => found.input);
      const prompts = [...new Set(inputs.map((input) => cleanPrompt(input.prompt)))];
      const known =
        prompts.length === 0
          ? []
          : await db
              .select({ type: questions.type, prompt: questions.prompt })
              .from(questions)
              .where(and(eq(questions.courseId, courseId), inArray(questions.prompt, prompts)));
      const knownKeys = new Set(known.map((row) => `${row.type}\u0000${row.prompt}`));
      const report: QtiImportReport = {
        dryRun,
        source: parsed.source,
        questions: parsed.found.map(({ file, identifier, input }) => ({
          file,
          identifier,
          type: input.content.type,
          title: input.title,
          points: input.points,
          duplicate: knownKeys.has(`${input.content.type}\u0000${cleanPrompt(input.prompt)}`),
        })),
        refused: parsed.refused,
        notices: parsed.notices,
        createdIds: [],
      };
      if (dryRun || inputs.length === 0) return report;
      const start = Date.now();
      const rows = await db.transaction(async (txn) =>
        (txn as unknown as Db)
          .insert(questions)
          .values(
            inputs.map((input, i) => ({
              ...rowValues(input),
              courseId,
              createdBy: user.id,
              ...inOrder(start, i),
            })),
          )
          .returning({ id: questions.id }),
      );
      return { ...report, createdIds: rows.map((row) => row.id) };
    },

    /** The bank (or the named questions), oldest first, as a QTI 3.0 package; tasks are left out and counted. */
    async exportQti(user: SessionUser, courseId: string, ids?: string[]): Promise<{ zip: Buffer; skipped: number }> {
      await assertCourseTeacher(user, courseId);
      const conditions = [eq(questions.courseId, courseId)];
      if (ids) conditions.push(inArray(questions.id, ids));
      const rows = await db
        .select()
        .from(questions)
        .where(and(...conditions))
        .orderBy(asc(questions.createdAt), asc(questions.id))
        .limit(QTI_LIMITS.items);
      const files: { name: string; data: Buffer }[] = [];
      const listed: { identifier: string; href: string }[] = [];
      let skipped = 0;
      for (const question of rows.map(toBankQuestion)) {
        const xml = itemXml(question);
        if (xml === null) {
          skipped += 1;
          continue;
        }
        const href = `items/${itemIdentifier(question)}.xml`;
        files.push({ name: href, data: Buffer.from(xml, 'utf8') });
        listed.push({ identifier: itemIdentifier(question), href });
      }
      const manifest = manifestXml(`lyceum-${courseId}-${randomUUID()}`, listed);
      return { zip: writeZip([{ name: MANIFEST, data: Buffer.from(manifest, 'utf8') }, ...files]), skipped };
    },
  };
}

export type QtiExchange = ReturnType<typeof createQtiExchange>;
