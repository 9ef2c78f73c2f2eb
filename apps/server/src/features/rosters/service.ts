import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { RosterClass, RosterClassCourse, RosterImport, RosterReport, RosterTeacher } from '@lyceum/contract';
import { and, eq, inArray, lt } from 'drizzle-orm';
import { hashPassword } from '#auth/passwords.js';
import type { Db } from '#db/client.js';
import { courses, rosterImportRows, rosterImports } from '#db/schema/index.js';
import { badRequest, conflict, notFound } from '#lib/errors.js';
import { enqueue, type JobLog, type JobRunner } from '#lib/jobs.js';
import { previewClasses, rosterPass, type PreviewTeacher } from './engine.js';
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

/** What the preview column holds: the report, and the classes to link to courses with their teachers. */
type StoredPreview = Partial<RosterReport> & {
  classList?: RosterClass[];
  classCount?: number;
  teachers?: RosterTeacher[];
};

function toRosterImport(row: typeof rosterImports.$inferSelect): RosterImport {
  const { classList = [], classCount = 0, teachers = [], ...report } = row.preview as StoredPreview;
  return {
    id: row.id,
    format: row.format,
    mode: row.mode,
    status: row.status,
    sendPasswordMail: row.sendPasswordMail,
    total: row.total,
    processed: row.processed,
    preview: { ...emptyReport(), ...report },
    classes: classList,
    classCount,
    teachers,
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

  async function apply(importId: string, choices: RosterClassCourse[]) {
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
      courseChoices: new Map(choices.map((choice) => [choice.classSourcedId, choice.courseId])),
      enrolledCourses: new Set(),
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

  async function checkChoices(preview: RosterImport, choices: RosterClassCourse[]) {
    const classes = new Map(preview.classes.map((cls) => [cls.sourcedId, cls]));
    const teachers = new Map(preview.teachers.map((teacher) => [teacher.sourcedId, teacher]));
    const seen = new Set<string>();
    const wanted: { courseId: string; teacherId: string | null; title: string }[] = [];
    for (const { classSourcedId, courseId } of choices) {
      const cls = classes.get(classSourcedId);
      if (!cls) throw badRequest(`The class ${classSourcedId} is not one of this import's`);
      if (seen.has(classSourcedId)) throw badRequest(`The class ${classSourcedId} is given two courses`);
      seen.add(classSourcedId);
      if (courseId !== 'new')
        wanted.push({ courseId, teacherId: teachers.get(cls.teacherSourcedId)?.userId ?? null, title: cls.title });
    }
    if (wanted.length === 0) return;
    const found = await db
      .select({ id: courses.id, teacherId: courses.teacherId })
      .from(courses)
      .where(
        inArray(
          courses.id,
          wanted.map((w) => w.courseId),
        ),
      );
    const teacherOf = new Map(found.map((course) => [course.id, course.teacherId]));
    for (const { courseId, teacherId, title } of wanted)
      if (!teacherId || teacherOf.get(courseId) !== teacherId)
        throw badRequest(`The course chosen for ${title} is not one of its teacher's courses`);
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
        const pass = {
          write: false,
          stagedUsers: stager.users,
          stagedClasses: stager.classes,
          newClassOwners: new Map<string, string>(),
          refused: stager.refused,
          teachers: new Map<string, PreviewTeacher>(),
          classList: [] as RosterClass[],
        };
        const report = await rosterPass(db, importId, pass);
        const { classes: classList, ...listed } = await previewClasses(db, pass);
        const preview: StoredPreview = { ...report, classList, ...listed };
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

    /**
     * Queues a previewed import's apply (once: a second call is a 409), with the courses chosen for its classes: each
     * a class of the preview, once, and a course of that class's teacher (or `new`: a draft course of theirs).
     */
    async apply(id: string, sendPasswordMail: boolean, choices: RosterClassCourse[]): Promise<RosterImport> {
      if (choices.length > 0) await checkChoices(toRosterImport(await load(id)), choices);
      const row = await db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        const [queued] = await tx
          .update(rosterImports)
          .set({ status: 'queued', sendPasswordMail })
          .where(and(eq(rosterImports.id, id), eq(rosterImports.status, 'preview')))
          .returning();
        if (queued) await enqueue(tx, APPLY_JOB, { importId: id, courses: choices }, { maxAttempts: APPLY_ATTEMPTS });
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
          await apply(importId, (payload.courses as RosterClassCourse[] | undefined) ?? []);
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
