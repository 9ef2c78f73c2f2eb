import { Readable } from 'node:stream';
import {
  CURRICULUM_LIMITS,
  SCORM_LIMITS,
  sequenceLockedMessage,
  type ScormCommitBody,
  type ScormCommitResult,
  type ScormLaunch,
  type ScormPackage,
  type ScormReport,
  type ScormReportRow,
  type ScormState,
  type ScormUploadResult,
} from '@lyceum/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '#auth/guards.js';
import type { Db } from '#db/client.js';
import {
  courseItems,
  courses,
  courseSections,
  enrolments,
  itemCompletions,
  lessons,
  scormAttempts,
  scormFiles,
  scormPackages,
  users,
} from '#db/schema/index.js';
import { badRequest, forbidden, HttpError, notFound, unauthorized } from '#lib/errors.js';
import { refreshProgress } from '#lib/progress.js';
import { sequenceBlocker } from '#lib/sequence.js';
import { openZip, type ZipArchive } from '#lib/zip.js';
import { isDone, readCommit, resumeState } from './cmi.js';
import { contentTypeOf } from './content-types.js';
import { MANIFEST, readManifest, type Manifest } from './manifest.js';
import { runtimeScript } from './runtime.js';
import type { LaunchTokens } from './tokens.js';

/*
 * SCORM lessons (issue 50.1, ADR 067): a package uploaded as a lesson (or replacing a lesson's), checked whole before
 * anything is written and written in one transaction; its files served at an isolated path to the holder of a
 * launch token; each learner's CMI data per SCO; and the teacher's report.
 */

export const CONTENT_PATH = '/scorm-content';
/** How long a launch token opens the package and takes commits (a long sitting; the player launches again after). */
const LAUNCH_TTL_MS = 6 * 3600 * 1000;
/** Files are written in batches of at most this many bytes or rows. */
const BATCH_BYTES = 8 * 1024 * 1024;
const BATCH_ROWS = 200;
/** A file is read from the database in chunks of this size (memory stays bounded whatever its size). */
const CHUNK_BYTES = 1024 * 1024;

const PACKAGE_NOT_FOUND = 'This lesson has no SCORM package';
const NOT_YOUR_COURSE = 'You can only change the curriculum of your own courses';
const STALE_LAUNCH = 'This launch has expired or its package was replaced: open the lesson again';

type PackageRow = typeof scormPackages.$inferSelect;
type AttemptRow = typeof scormAttempts.$inferSelect;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export function createScormService(db: Db, launches: LaunchTokens) {
  /** The course's teacher or an admin, in a transaction that locks the course row (as curriculum authoring does). */
  async function authoring<T>(user: SessionUser, courseId: string, change: (tx: Db) => Promise<T>): Promise<T> {
    return db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      const [course] = await tx
        .select({ teacherId: courses.teacherId })
        .from(courses)
        .where(eq(courses.id, courseId))
        .for('update');
      if (!course) throw notFound('Course not found');
      if (course.teacherId !== user.id && user.role !== 'admin') throw forbidden(NOT_YOUR_COURSE);
      return change(tx);
    });
  }

  /** Opens the uploaded zip and reads its manifest: any refusal (400/413) before anything is written. */
  async function openPackage(file: string): Promise<{ zip: ZipArchive; manifest: Manifest; bytes: number }> {
    const zip = await openZip(file, {
      entries: SCORM_LIMITS.zipEntries,
      unpackedBytes: SCORM_LIMITS.unpackedBytes,
      entryBytes: SCORM_LIMITS.entryBytes,
    });
    try {
      if (!zip.names.includes(MANIFEST)) {
        throw badRequest(`${MANIFEST} is not at the root of the zip: not a SCORM package`);
      }
      const xml = await zip.read(MANIFEST);
      if (xml.byteLength > SCORM_LIMITS.manifestBytes) {
        throw new HttpError(413, `${MANIFEST} is larger than ${SCORM_LIMITS.manifestBytes / 1024 / 1024} MB`);
      }
      const manifest = readManifest(xml.toString('utf8'), new Set(zip.names));
      return { zip, manifest, bytes: 0 };
    } catch (error) {
      zip.close();
      throw error;
    }
  }

  /** Writes the package row and every file (inflated one at a time, in batches) in the caller's transaction. */
  async function writePackage(tx: Db, user: SessionUser, courseId: string, itemId: string, file: string) {
    const { zip, manifest } = await openPackage(file);
    try {
      const [row] = await tx
        .insert(scormPackages)
        .values({
          itemId,
          courseId,
          version: manifest.version,
          schemaVersion: manifest.schemaVersion.slice(0, 100),
          title: manifest.title,
          toc: manifest.toc,
          files: zip.names.length,
          bytes: 0,
          uploadedBy: user.id,
        })
        .returning();
      let batch: (typeof scormFiles.$inferInsert)[] = [];
      let batchBytes = 0;
      let total = 0;
      const flush = async () => {
        if (batch.length > 0) await tx.insert(scormFiles).values(batch);
        batch = [];
        batchBytes = 0;
      };
      for (const name of zip.names) {
        const data = await zip.read(name);
        total += data.byteLength;
        batch.push({ packageId: row!.id, path: name, contentType: contentTypeOf(name), bytes: data.byteLength, data });
        batchBytes += data.byteLength;
        if (batchBytes >= BATCH_BYTES || batch.length >= BATCH_ROWS) await flush();
      }
      await flush();
      const [done] = await tx
        .update(scormPackages)
        .set({ bytes: total })
        .where(eq(scormPackages.id, row!.id))
        .returning();
      return done!;
    } finally {
      zip.close();
    }
  }

  function packageView(row: PackageRow, attempts: Pick<AttemptRow, 'sco' | 'completion' | 'success'>[] | null) {
    const bySco = new Map((attempts ?? []).map((a) => [a.sco, a]));
    const view: ScormPackage = {
      id: row.id,
      itemId: row.itemId,
      courseId: row.courseId,
      version: row.version,
      schemaVersion: row.schemaVersion,
      title: row.title,
      files: row.files,
      bytes: row.bytes,
      uploadedAt: row.uploadedAt.toISOString(),
      toc: row.toc.map((entry) => {
        const attempt = entry.sco && attempts ? bySco.get(entry.identifier) : undefined;
        return {
          identifier: entry.identifier,
          title: entry.title,
          depth: entry.depth,
          launch: entry.launch,
          sco: entry.sco,
          completion: entry.sco && attempts ? ((attempt?.completion as 'completed') ?? 'not attempted') : null,
          success: entry.sco && attempts ? ((attempt?.success as 'passed') ?? 'unknown') : null,
        };
      }),
    };
    return view;
  }

  /** The caller's relation to a SCORM lesson, in one query; 404 when it does not exist or is hidden from them. */
  async function lessonAccess(courseId: string, itemId: string, user: SessionUser | null, executor: Db = db) {
    const [row] = await executor
      .select({
        teacherId: courses.teacherId,
        status: courses.status,
        sequential: courses.sequential,
        published: courseItems.published,
        preview: courseItems.preview,
        enrolmentId: enrolments.id,
        pkg: scormPackages,
      })
      .from(courseItems)
      .innerJoin(courses, eq(courses.id, courseItems.courseId))
      .innerJoin(scormPackages, eq(scormPackages.itemId, courseItems.id))
      .leftJoin(
        enrolments,
        and(eq(enrolments.courseId, courses.id), eq(enrolments.studentId, user?.id ?? courseItems.id)),
      )
      .where(and(eq(courseItems.id, itemId), eq(courseItems.courseId, courseId)))
      .limit(1);
    if (!row) throw notFound(PACKAGE_NOT_FOUND);
    const canEdit = Boolean(user) && (row.teacherId === user!.id || user!.role === 'admin');
    const enrolled = user?.role === 'student' && row.enrolmentId !== null;
    if (!canEdit && (!row.published || (row.status !== 'published' && !enrolled))) throw notFound(PACKAGE_NOT_FOUND);
    return { ...row, canEdit, enrolled };
  }

  /** Why an enrolled learner may not open the lesson yet (sequential courses), or nothing. */
  async function checkSequence(access: Awaited<ReturnType<typeof lessonAccess>>, user: SessionUser) {
    if (!access.sequential || access.canEdit || access.preview) return;
    const blocker = await sequenceBlocker(db, access.pkg.courseId, access.pkg.itemId, user.id);
    if (blocker) throw forbidden(sequenceLockedMessage(blocker.title));
  }

  function launchEntry(pkg: PackageRow, identifier: string | undefined) {
    const entry = identifier
      ? pkg.toc.find((e) => e.identifier === identifier)
      : pkg.toc.find((e) => e.launch !== null);
    if (!entry) throw notFound(`The package has no item "${String(identifier).slice(0, 100)}"`);
    if (!entry.launch) throw badRequest(`The item "${entry.identifier.slice(0, 100)}" launches nothing (a heading)`);
    return { ...entry, launch: entry.launch };
  }

  function launchView(pkg: PackageRow, item: string, launch: string, attemptId: string | null): ScormLaunch {
    const { token, claims } = launches.issue(pkg.id, attemptId, LAUNCH_TTL_MS);
    return {
      packageId: pkg.id,
      item,
      url: `${CONTENT_PATH}/${token}/${launch}`,
      token,
      attemptId,
      expiresAt: claims.expiresAt.toISOString(),
    };
  }

  /** The attempt a token names, with its package (the one the token was issued for); 401 when stale. */
  async function attemptOf(token: string, executor: Db = db, lock = false) {
    const claims = launches.read(token);
    if (!claims) throw unauthorized(STALE_LAUNCH);
    const [pkg] = await executor.select().from(scormPackages).where(eq(scormPackages.id, claims.packageId)).limit(1);
    if (!pkg) throw unauthorized(STALE_LAUNCH);
    if (!claims.attemptId) return { claims, pkg, attempt: null };
    const query = executor
      .select()
      .from(scormAttempts)
      .where(and(eq(scormAttempts.id, claims.attemptId), eq(scormAttempts.itemId, pkg.itemId)))
      .limit(1);
    const [attempt] = lock ? await query.for('update') : await query;
    if (!attempt) throw unauthorized(STALE_LAUNCH);
    return { claims, pkg, attempt };
  }

  return {
    /** A new lesson at the end of the section whose content is the package (a draft, titled as the package). */
    async create(user: SessionUser, courseId: string, sectionId: string, file: string): Promise<ScormUploadResult> {
      return authoring(user, courseId, async (tx) => {
        const [section] = await tx
          .select({ id: courseSections.id })
          .from(courseSections)
          .where(and(eq(courseSections.id, sectionId), eq(courseSections.courseId, courseId)))
          .limit(1);
        if (!section) throw notFound('Section not found');
        const [count] = await tx
          .select({ n: sql<number>`count(*)::int`, last: sql<number>`coalesce(max(${courseItems.position}), -1)` })
          .from(courseItems)
          .where(eq(courseItems.sectionId, sectionId));
        if ((count?.n ?? 0) >= CURRICULUM_LIMITS.itemsPerSection) {
          throw new HttpError(409, `A section has at most ${CURRICULUM_LIMITS.itemsPerSection} items`);
        }
        const [item] = await tx
          .insert(courseItems)
          .values({ courseId, sectionId, position: (count?.last ?? -1) + 1, kind: 'lesson', title: 'SCORM package' })
          .returning({ id: courseItems.id });
        await tx.insert(lessons).values({ itemId: item!.id });
        const pkg = await writePackage(tx, user, courseId, item!.id, file);
        const title = pkg.title.slice(0, CURRICULUM_LIMITS.itemTitle);
        await tx.update(courseItems).set({ title }).where(eq(courseItems.id, item!.id));
        return { itemId: item!.id, title, package: packageView(pkg, null), attemptsKept: 0, attemptsDropped: 0 };
      });
    },

    /**
     * A new version of a lesson's package: learners keep their attempts at the SCOs whose identifiers it still
     * has; the others' are dropped. The lesson keeps its title, place and completions.
     */
    async replace(user: SessionUser, courseId: string, itemId: string, file: string): Promise<ScormUploadResult> {
      return authoring(user, courseId, async (tx) => {
        const [old] = await tx
          .select({ id: scormPackages.id, title: courseItems.title })
          .from(scormPackages)
          .innerJoin(courseItems, eq(courseItems.id, scormPackages.itemId))
          .where(and(eq(scormPackages.itemId, itemId), eq(scormPackages.courseId, courseId)))
          .limit(1);
        if (!old) throw notFound(PACKAGE_NOT_FOUND);
        await tx.delete(scormPackages).where(eq(scormPackages.id, old.id));
        const pkg = await writePackage(tx, user, courseId, itemId, file);
        const scos = pkg.toc.filter((e) => e.sco).map((e) => e.identifier);
        const dropped = await tx
          .delete(scormAttempts)
          .where(
            and(
              eq(scormAttempts.itemId, itemId),
              scos.length > 0
                ? sql`not (${scormAttempts.sco} = any(array[${sql.join(
                    scos.map((s) => sql`${s}`),
                    sql`, `,
                  )}]::text[]))`
                : sql`true`,
            ),
          )
          .returning({ id: scormAttempts.id });
        const [kept] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(scormAttempts)
          .where(eq(scormAttempts.itemId, itemId));
        await tx
          .update(courseItems)
          .set({ version: sql`${courseItems.version} + 1`, updatedAt: new Date() })
          .where(eq(courseItems.id, itemId));
        return {
          itemId,
          title: old.title,
          package: packageView(pkg, null),
          attemptsKept: kept?.n ?? 0,
          attemptsDropped: dropped.length,
        };
      });
    },

    /** The lesson's package and table of contents; an enrolled learner's with their status per SCO. */
    async package(courseId: string, itemId: string, user: SessionUser | null): Promise<ScormPackage> {
      const access = await lessonAccess(courseId, itemId, user);
      if (!access.canEdit && !access.enrolled && !access.preview) {
        if (!user) throw unauthorized('You are not enrolled in this course');
        throw forbidden('You are not enrolled in this course');
      }
      if (!access.enrolled) return packageView(access.pkg, null);
      const attempts = await db
        .select({ sco: scormAttempts.sco, completion: scormAttempts.completion, success: scormAttempts.success })
        .from(scormAttempts)
        .where(and(eq(scormAttempts.itemId, itemId), eq(scormAttempts.studentId, user!.id)));
      return packageView(access.pkg, attempts);
    },

    /** An enrolled learner opens an item: their attempt at it (made the first time) and a launch token. */
    async launch(user: SessionUser, courseId: string, itemId: string, identifier?: string): Promise<ScormLaunch> {
      const access = await lessonAccess(courseId, itemId, user);
      if (!access.enrolled) throw forbidden('You are not enrolled in this course');
      await checkSequence(access, user);
      const entry = launchEntry(access.pkg, identifier);
      if (!entry.sco) return launchView(access.pkg, entry.identifier, entry.launch, null);
      await db
        .insert(scormAttempts)
        .values({ itemId, studentId: user.id, sco: entry.identifier })
        .onConflictDoNothing();
      const [attempt] = await db
        .select({ id: scormAttempts.id })
        .from(scormAttempts)
        .where(
          and(
            eq(scormAttempts.itemId, itemId),
            eq(scormAttempts.studentId, user.id),
            eq(scormAttempts.sco, entry.identifier),
          ),
        );
      return launchView(access.pkg, entry.identifier, entry.launch, attempt!.id);
    },

    /** The course's teacher or an admin opens an item: content only, commits not kept. */
    async preview(user: SessionUser, courseId: string, itemId: string, identifier?: string): Promise<ScormLaunch> {
      const access = await lessonAccess(courseId, itemId, user);
      if (!access.canEdit) throw forbidden(NOT_YOUR_COURSE);
      const entry = launchEntry(access.pkg, identifier);
      return launchView(access.pkg, entry.identifier, entry.launch, null);
    },

    /** The state a launch starts from: the learner's last commit (to resume), entry, total time, the item's data. */
    async state(token: string): Promise<ScormState> {
      const { pkg, attempt } = await attemptOf(token);
      if (!attempt) return { version: pkg.version, attemptId: null, cmi: {} };
      const entry = pkg.toc.find((e) => e.identifier === attempt.sco) ?? {
        identifier: attempt.sco,
        title: '',
        depth: 0,
        launch: null,
        sco: true,
      };
      const [learner] = await db
        .select({ firstname: users.firstname, lastname: users.lastname })
        .from(users)
        .where(eq(users.id, attempt.studentId));
      const name = learner ? `${learner.lastname}, ${learner.firstname}` : '';
      return {
        version: pkg.version,
        attemptId: attempt.id,
        cmi: resumeState(pkg.version, attempt, entry, { id: attempt.studentId, name }),
      };
    },

    /**
     * A commit of the runtime (a fetch, or a beacon as the page goes away): the attempt the token names is
     * updated; once every SCO of the lesson is completed or passed, the lesson counts as completed for the
     * learner's progress (in the same transaction). A preview's commits are answered and not kept.
     */
    async commit(token: string, cmi: ScormCommitBody): Promise<ScormCommitResult> {
      return db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        const { claims, pkg, attempt } = await attemptOf(token, tx, true);
        const change = readCommit(cmi, pkg.version);
        if (!attempt) {
          return {
            saved: false,
            completion: change.completion ?? 'unknown',
            success: change.success ?? 'unknown',
            lessonCompleted: false,
          };
        }
        const [enrolment] = await tx
          .select({ id: enrolments.id, published: courseItems.published })
          .from(enrolments)
          .innerJoin(courseItems, eq(courseItems.id, pkg.itemId))
          .where(and(eq(enrolments.courseId, pkg.courseId), eq(enrolments.studentId, attempt.studentId)))
          .for('update', { of: enrolments })
          .limit(1);
        if (!enrolment) throw forbidden('You are no longer enrolled in this course');
        // `session` is the launch that last committed and its last commit's sequence ("key#n"): a commit of the
        // same launch older than one already kept (a fetch overtaken by the page's closing beacon) is not applied.
        const [lastLaunch = '', lastSequence = ''] = attempt.session.split('#');
        const sequence = Number.isSafeInteger(cmi.commitSequence) ? (cmi.commitSequence as number) : null;
        const newSession = lastLaunch !== claims.session;
        if (!newSession && sequence !== null && lastSequence !== '' && sequence <= Number(lastSequence)) {
          return {
            saved: false,
            completion: attempt.completion as ScormCommitResult['completion'],
            success: attempt.success as ScormCommitResult['success'],
            lessonCompleted: false,
          };
        }
        const keptSequence = sequence ?? (newSession ? '' : lastSequence);
        const { sessionSeconds, ...rest } = change;
        const [updated] = await tx
          .update(scormAttempts)
          .set({
            ...rest,
            priorSeconds: newSession ? attempt.priorSeconds + attempt.sessionSeconds : attempt.priorSeconds,
            sessionSeconds: sessionSeconds ?? (newSession ? 0 : attempt.sessionSeconds),
            session: `${claims.session}#${keptSequence}`,
            commits: sql`${scormAttempts.commits} + 1`,
            updatedAt: new Date(),
          })
          .where(eq(scormAttempts.id, attempt.id))
          .returning();
        let lessonCompleted = false;
        if (isDone(updated!) && enrolment.published) {
          const scos = pkg.toc.filter((e) => e.sco).map((e) => e.identifier);
          const done = await tx
            .select({ sco: scormAttempts.sco, completion: scormAttempts.completion, success: scormAttempts.success })
            .from(scormAttempts)
            .where(and(eq(scormAttempts.itemId, pkg.itemId), eq(scormAttempts.studentId, attempt.studentId)));
          const doneScos = new Set(done.filter(isDone).map((a) => a.sco));
          if (scos.every((s) => doneScos.has(s))) {
            await tx
              .insert(itemCompletions)
              .values({ studentId: attempt.studentId, itemId: pkg.itemId })
              .onConflictDoNothing();
            await refreshProgress(tx, pkg.courseId, attempt.studentId);
            lessonCompleted = true;
          }
        }
        return {
          saved: true,
          completion: updated!.completion as ScormCommitResult['completion'],
          success: updated!.success as ScormCommitResult['success'],
          lessonCompleted,
        };
      });
    },

    /** The runtime script of a launch: scorm-again and the state it starts from (ADR 067). */
    async runtime(token: string): Promise<string> {
      return runtimeScript(await this.state(token), `/api/scorm/runtime/${token}/commit`);
    },

    /** A file of the package a token opens, read from the database in chunks; null when it has no such file. */
    async file(token: string, filePath: string) {
      const claims = launches.read(token);
      if (!claims) throw unauthorized(STALE_LAUNCH);
      const [row] = await db
        .select({ contentType: scormFiles.contentType, bytes: scormFiles.bytes })
        .from(scormFiles)
        .where(and(eq(scormFiles.packageId, claims.packageId), eq(scormFiles.path, filePath)))
        .limit(1);
      if (!row) {
        const [pkg] = await db
          .select({ id: scormPackages.id })
          .from(scormPackages)
          .where(eq(scormPackages.id, claims.packageId));
        if (!pkg) throw unauthorized(STALE_LAUNCH);
        return null;
      }
      const read = (start: number, end: number) => {
        let offset = start;
        return Readable.from(
          (async function* () {
            while (offset <= end) {
              const length = Math.min(CHUNK_BYTES, end - offset + 1);
              const result = await db.execute(
                sql`select substring(data from ${offset + 1} for ${length}) as part from scorm_files
                    where package_id = ${claims.packageId} and path = ${filePath}`,
              );
              const [chunk] = rowsOf<{ part: Buffer | Uint8Array }>(result);
              if (!chunk) return;
              offset += length;
              yield Buffer.from(chunk.part);
            }
          })(),
        );
      };
      return { ...row, read };
    },

    /** Each learner of the course with their status, score and time in the lesson (a page, by name). */
    async report(
      user: SessionUser,
      courseId: string,
      itemId: string,
      after: string | undefined,
      limit: number,
    ): Promise<ScormReport> {
      const access = await lessonAccess(courseId, itemId, user);
      if (!access.canEdit) throw forbidden(NOT_YOUR_COURSE);
      let cursor: [string, string] | null = null;
      if (after) {
        try {
          const parsed = JSON.parse(Buffer.from(after, 'base64url').toString('utf8')) as unknown;
          if (Array.isArray(parsed) && parsed.length === 2 && parsed.every((p) => typeof p === 'string')) {
            cursor = parsed as [string, string];
          }
        } catch {
          cursor = null;
        }
        if (!cursor || !/^[0-9a-f-]{36}$/.test(cursor[1])) throw badRequest('after: not a cursor of this report');
      }
      const scos = access.pkg.toc.filter((e) => e.sco).map((e) => e.identifier);
      const scoArray = scos.length
        ? sql`array[${sql.join(
            scos.map((s) => sql`${s}`),
            sql`, `,
          )}]::text[]`
        : sql`array[]::text[]`;
      const result = await db.execute(sql`
        select u.id as student_id, u.firstname || ' ' || u.lastname as name,
               lower(u.firstname || ' ' || u.lastname) as sort_name,
               a.attempted, a.done, a.failed, a.scored, a.passed, a.score, a.seconds, a.last
        from enrolments e
        join users u on u.id = e.student_id
        left join lateral (
          select count(*) filter (where completion <> 'not attempted' or commits > 0)::int as attempted,
                 count(*) filter (where completion = 'completed' or success = 'passed')::int as done,
                 count(*) filter (where success = 'failed')::int as failed,
                 count(*) filter (where success <> 'unknown')::int as scored,
                 count(*) filter (where success = 'passed')::int as passed,
                 avg(case
                       when score_scaled is not null then score_scaled * 100
                       when score_raw is not null and score_max is not null and score_max > coalesce(score_min, 0)
                         then (score_raw - coalesce(score_min, 0)) / (score_max - coalesce(score_min, 0)) * 100
                       when score_raw is not null then score_raw
                     end) as score,
                 coalesce(sum(prior_seconds + session_seconds), 0) as seconds,
                 max(updated_at) as last
          from scorm_attempts
          where item_id = ${itemId} and student_id = e.student_id and sco = any(${scoArray})
        ) a on true
        where e.course_id = ${courseId}
          ${cursor ? sql`and (lower(u.firstname || ' ' || u.lastname), u.id) > (${cursor[0]}, ${cursor[1]}::uuid)` : sql``}
        order by lower(u.firstname || ' ' || u.lastname), u.id
        limit ${limit + 1}`);
      const rows = rowsOf<{
        student_id: string;
        name: string;
        sort_name: string;
        attempted: number;
        done: number;
        failed: number;
        scored: number;
        passed: number;
        score: number | string | null;
        seconds: number | string;
        last: Date | string | null;
      }>(result);
      const page = rows.slice(0, limit);
      const out: ScormReportRow[] = page.map((r) => {
        const done = Number(r.done ?? 0);
        const status =
          scos.length > 0 && done >= scos.length
            ? 'completed'
            : Number(r.attempted ?? 0) > 0
              ? 'incomplete'
              : 'not attempted';
        const success =
          Number(r.failed ?? 0) > 0
            ? 'failed'
            : Number(r.passed ?? 0) > 0 && r.passed === r.scored
              ? 'passed'
              : 'unknown';
        return {
          studentId: r.student_id,
          name: r.name,
          status,
          success,
          scorePercent: r.score === null ? null : Math.round(Number(r.score) * 100) / 100,
          totalSeconds: Math.round(Number(r.seconds ?? 0) * 100) / 100,
          scosDone: done,
          scos: scos.length,
          lastActivityAt: r.last ? new Date(r.last).toISOString() : null,
        };
      });
      const last = page[page.length - 1];
      const next =
        rows.length > limit && last
          ? Buffer.from(JSON.stringify([last.sort_name, last.student_id]), 'utf8').toString('base64url')
          : null;
      return { rows: out, next };
    },
  };
}

export type ScormService = ReturnType<typeof createScormService>;
