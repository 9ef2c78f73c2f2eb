import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { RosterImport, RosterReport } from '@lyceum/contract';
import { and, eq, lt } from 'drizzle-orm';
import { hashPassword } from '#auth/passwords.js';
import type { Db } from '#db/client.js';
import { rosterImportRows, rosterImports } from '#db/schema/index.js';
import { conflict, notFound } from '#lib/errors.js';
import { enqueue, type JobLog, type JobRunner } from '#lib/jobs.js';
import { rosterPass } from './engine.js';
import { openZipUpload } from './sources.js';
import { stageOneRoster, stagePlainCsv, Stager } from './stage.js';

export const APPLY_JOB = 'rosters.apply';
const APPLY_ATTEMPTS = 3;
const IMPORT_NOT_FOUND = 'Roster import not found';
/** How long a preview that is never applied is kept. */
const PREVIEW_KEPT_MS = 24 * 60 * 60 * 1000;

/** Mails a set-your-password link (the accounts feature's password reset, handed over by the app). */
export interface PasswordResetSender {
  requestReset(email: string): Promise<unknown>;
}

const emptyReport = (): RosterReport => {
  const zero = { create: 0, update: 0, unchanged: 0, remove: 0 };
  return { users: { ...zero }, classes: { ...zero }, enrolments: { ...zero }, refusedCount: 0, refused: [] };
};

function toRosterImport(row: typeof rosterImports.$inferSelect): RosterImport {
  return {
    id: row.id,
    format: row.format,
    mode: row.mode,
    status: row.status,
    sendPasswordMail: row.sendPasswordMail,
    total: row.total,
    processed: row.processed,
    preview: { ...emptyReport(), ...(row.preview as Partial<RosterReport>) },
    result: (row.result as RosterReport | null) ?? null,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** Roster imports (issue 48.4, ADR 065): upload → preview → apply as a job. */
export function createRosterService(db: Db, deps: { passwordResets: PasswordResetSender; log: JobLog }) {
  let runner: JobRunner | null = null;

  async function load(id: string) {
    const [row] = await db.select().from(rosterImports).where(eq(rosterImports.id, id)).limit(1);
    if (!row) throw notFound(IMPORT_NOT_FOUND);
    return row;
  }

  async function apply(importId: string) {
    const [row] = await db
      .update(rosterImports)
      .set({ status: 'running', processed: 0 })
      .where(and(eq(rosterImports.id, importId), eq(rosterImports.status, 'queued')))
      .returning();
    // Another attempt of the same job resumes: the pass is idempotent, so it starts again from the first row.
    const current = row ?? (await load(importId));
    if (current.status !== 'running') return;
    // New accounts have no password anyone knows: one hash of a secret dropped at once, as costly to check as any.
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    const result = await rosterPass(db, importId, {
      write: true,
      passwordHash,
      onBatch: async (processed, created) => {
        await db.update(rosterImports).set({ processed }).where(eq(rosterImports.id, importId));
        if (current.sendPasswordMail)
          for (const email of created)
            await deps.passwordResets
              .requestReset(email)
              .catch((error: unknown) => deps.log.warn({ err: error }, 'roster import: set-password mail not sent'));
      },
    });
    await db.transaction(async (tx) => {
      await tx
        .update(rosterImports)
        .set({ status: 'done', result, processed: current.total, finishedAt: new Date() })
        .where(eq(rosterImports.id, importId));
      await tx.delete(rosterImportRows).where(eq(rosterImportRows.importId, importId));
    });
  }

  return {
    /**
     * Reads an upload into staged rows and answers the preview (status `preview`). A refused file (too large, a zip
     * bomb, an unsafe path, a missing column) leaves nothing behind: its import and rows are deleted.
     */
    async upload(createdBy: string, format: 'csv' | 'oneroster', file: Readable): Promise<RosterImport> {
      // Previews never applied are dropped after a day, with their staged rows.
      await db
        .delete(rosterImports)
        .where(
          and(eq(rosterImports.status, 'preview'), lt(rosterImports.createdAt, new Date(Date.now() - PREVIEW_KEPT_MS))),
        );
      const [created] = await db
        .insert(rosterImports)
        .values({ createdBy, format, mode: 'bulk' })
        .returning({ id: rosterImports.id });
      const importId = created!.id;
      const stager = new Stager(db, importId);
      try {
        let mode: 'bulk' | 'delta' = 'bulk';
        if (format === 'csv') await stagePlainCsv(stager, file);
        else {
          const zip = await openZipUpload(file);
          try {
            mode = await stageOneRoster(stager, zip);
          } finally {
            await zip.close();
          }
        }
        const preview = await rosterPass(db, importId, {
          write: false,
          stagedUsers: stager.users,
          stagedClasses: stager.classes,
          refused: stager.refused,
        });
        const [row] = await db
          .update(rosterImports)
          .set({ mode, preview, total: stager.total })
          .where(eq(rosterImports.id, importId))
          .returning();
        return toRosterImport(row!);
      } catch (error) {
        file.resume();
        await db.delete(rosterImports).where(eq(rosterImports.id, importId));
        throw error;
      }
    },

    async get(id: string): Promise<RosterImport> {
      return toRosterImport(await load(id));
    },

    /** Queues a previewed import's apply (once: a second call is a 409). */
    async apply(id: string, sendPasswordMail: boolean): Promise<RosterImport> {
      const row = await db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        const [queued] = await tx
          .update(rosterImports)
          .set({ status: 'queued', sendPasswordMail })
          .where(and(eq(rosterImports.id, id), eq(rosterImports.status, 'preview')))
          .returning();
        if (queued) await enqueue(tx, APPLY_JOB, { importId: id }, { maxAttempts: APPLY_ATTEMPTS });
        return queued;
      });
      if (!row) {
        await load(id);
        throw conflict('This roster import is already applied or being applied');
      }
      runner?.wake();
      return toRosterImport(row);
    },

    registerJobs(jobs: JobRunner) {
      runner = jobs;
      jobs.registerJob(APPLY_JOB, async (payload, context) => {
        const importId = String(payload.importId);
        try {
          await apply(importId);
        } catch (error) {
          if (context.attempt >= APPLY_ATTEMPTS)
            await db
              .update(rosterImports)
              .set({ status: 'failed', error: 'The roster could not be applied', finishedAt: new Date() })
              .where(eq(rosterImports.id, importId));
          throw error;
        }
      });
    },
  };
}

export type RosterService = ReturnType<typeof createRosterService>;
