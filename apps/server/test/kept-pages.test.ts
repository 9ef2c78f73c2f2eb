import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images } from '../src/db/schema/index.js';
import { KEPT_PAGES, keptTriggerSql, shownColumns, type ShownColumn } from '../src/db/kept-pages.js';
import type { AttemptForStudent } from '@lyceum/contract';
import { saveAnswer, setUpQuiz, startAttempt, submitAttempt } from './assessment-helpers.js';
import { completeItem } from './course-helpers.js';
import { curriculumApi } from './curriculum-helpers.js';
import { bearer, useTestApp, type TestUser } from './helper.js';

/**
 * The kept-page column test (issue 45.3, docs/kept-pages.md): every column a kept page shows (db/kept-pages.ts) is
 * changed in SQL, past the app, and the page's channel must be told — so a trigger that forgets a column (`UPDATE OF`
 * or `WHEN`) fails here, not in front of a user. The kept-page tests of each feature (*-kept.test.ts) prove that a
 * told channel drops the page.
 */
const ctx = useTestApp();
const PROBE = 'lyceum_kept_probe';

/** What the channels said, in commit order; a probe NOTIFY marks where one change's notifications end. */
let heard: { channel: string; payload: string }[] = [];
let stopListening: () => Promise<void> = async () => {};
let probes = 0;
const waiting = new Map<string, () => void>();

/** The rows of `execute`'s answer (PGlite and node-postgres both answer `{ rows }`). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

type ColumnType = { data_type: string; udt_name: string };
const types = new Map<string, ColumnType>();

/** A different valid value for the column, by its type (the page's `change` where the type is not enough). */
function changed(shown: ShownColumn): string {
  if (shown.change) return shown.change;
  const type = types.get(`${shown.table}.${shown.column}`);
  if (!type) throw new Error(`${shown.table}.${shown.column} is not a column (db/kept-pages.ts)`);
  const col = `"${shown.column}"`;
  switch (type.data_type) {
    case 'text':
    case 'character varying':
      return `coalesce(${col}, '') || 'x'`;
    case 'integer':
    case 'smallint':
    case 'bigint':
    case 'numeric':
    case 'real':
    case 'double precision':
      // Down by one, or up from zero: within the ranges the checks allow (a percentage, a count, a factor).
      return `CASE WHEN ${col} > 0 THEN ${col} - 1 ELSE coalesce(${col}, 0) + 1 END`;
    case 'boolean':
      return `NOT coalesce(${col}, false)`;
    case 'timestamp with time zone':
    case 'timestamp without time zone':
      return `coalesce(${col}, now()) + interval '1 minute'`;
    case 'ARRAY':
      return `array_append(coalesce(${col}, '{}'), 'x')`;
    case 'USER-DEFINED':
      return `(SELECT e.enumlabel::"${type.udt_name}" FROM pg_enum e JOIN pg_type t ON t.oid = e.enumtypid
        WHERE t.typname = '${type.udt_name}' AND e.enumlabel <> ${col}::text ORDER BY e.enumsortorder LIMIT 1)`;
    default:
      throw new Error(`${shown.table}.${shown.column}: say how to change a ${type.data_type} (db/kept-pages.ts)`);
  }
}

/** The channels told while `change` ran, once all its notifications arrived (the probe after it). */
async function channelsToldBy(change: () => Promise<unknown>): Promise<Set<string>> {
  heard = [];
  await change();
  const probe = String(++probes);
  const arrived = new Promise<void>((resolve) => waiting.set(probe, resolve));
  await ctx.database.db.execute(sql`select pg_notify(${PROBE}, ${probe})`);
  await arrived;
  return new Set(heard.filter((note) => note.channel !== PROBE).map((note) => note.channel));
}

/** Every column a page shows whose change its channel is not told (empty when the triggers know them all). */
async function forgottenColumns(): Promise<string[]> {
  const forgotten: string[] = [];
  for (const page of KEPT_PAGES)
    for (const shown of page.shows) {
      const rows = await ctx.database.db.execute<{ n: number }>(
        sql.raw(`select count(*)::int as n from "${shown.table}"`),
      );
      const count = rowsOf<{ n: number }>(rows)[0]?.n;
      if (!count) throw new Error(`The fixture has no row in ${shown.table}: give it one`);
      const told = await channelsToldBy(() =>
        ctx.database.db.execute(sql.raw(`update "${shown.table}" set "${shown.column}" = ${changed(shown)}`)),
      );
      if (!told.has(page.channel)) forgotten.push(`${page.name}: ${shown.table}.${shown.column} → ${page.channel}`);
    }
  return forgotten;
}

beforeAll(async () => {
  const channels = [...new Set([...KEPT_PAGES.map((page) => page.channel), PROBE])];
  stopListening = await ctx.database.listen(channels, (payload, channel) => {
    if (channel === PROBE) return waiting.get(payload)?.();
    heard.push({ channel, payload });
  });
  const result = await ctx.database.db.execute<ColumnType & { table_name: string; column_name: string }>(
    sql`select table_name, column_name, data_type, udt_name from information_schema.columns where table_schema = 'public'`,
  );
  for (const row of rowsOf<ColumnType & { table_name: string; column_name: string }>(result))
    types.set(`${row.table_name}.${row.column_name}`, row);

  // A course with a lesson and a quiz, a student enrolled who completed the lesson, submitted an attempt and wishlisted
  // the course, a rubric, a class of theirs with the quiz assigned and an accommodation: a row in every table a kept
  // page shows.
  const quiz = await setUpQuiz(ctx, { attemptsAllowed: 3 });
  const { teacher, student, courseId } = quiz;
  const as = (user: TestUser) => bearer(user.token);
  const call = async (method: 'POST' | 'PUT', url: string, user: TestUser, payload?: object) => {
    const res = await ctx.app.inject({ method, url, headers: as(user), ...(payload ? { payload } : {}) });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json<{ id: string; code: string }>();
  };
  // Two stored pictures, so a profile picture can change to another.
  for (const name of ['kept-a.png', 'kept-b.png'])
    await ctx.database.db.insert(images).values({
      name,
      contentType: 'image/png',
      bytes: 1,
      width: 1,
      height: 1,
      data: Buffer.from([0]),
    });
  const lesson = await curriculumApi(ctx).lesson(teacher.token, courseId, quiz.section.id, { title: 'Read' });
  expect((await completeItem(ctx, student, courseId, lesson.id)).statusCode).toBe(200);
  const attempt = (await startAttempt(ctx, quiz)).json<AttemptForStudent>();
  const essay = quiz.questions.find((q) => q.content.type === 'essay')!;
  const saved = await saveAnswer(ctx, student, attempt, essay.id, { html: '<p>Joins</p>' });
  expect(saved.statusCode, saved.body).toBe(200);
  expect((await submitAttempt(ctx, student, attempt.id)).statusCode).toBe(200);
  await call('POST', `/api/courses/${courseId}/rubrics`, teacher, {
    title: 'Essay',
    criteria: [{ title: 'Argument', levels: [{ title: 'Good', points: 2 }] }],
  });
  // The student's wishlist holds the course (the dashboard counts wishlisted courses that are published).
  await call('PUT', `/api/courses/${courseId}/wishlist`, student);
  const cls = await call('POST', '/api/classes', teacher, { name: 'Period 2', courseIds: [courseId] });
  await call('POST', '/api/classes/join', student, { code: cls.code });
  await call('POST', `/api/classes/${cls.id}/assignments`, teacher, {
    itemId: quiz.assessment.id,
    dueAt: new Date(Date.now() + 3_600_000).toISOString(),
  });
  await call('PUT', `/api/classes/${cls.id}/members/${student.user.id}/accommodation`, teacher, {
    extraTimeFactor: 1.5,
    extraAttempts: 1,
  });
  // The class's attendance taken once (the sheet shows each member's record).
  const session = await call('POST', `/api/classes/${cls.id}/attendance/sessions`, teacher, {
    date: '2030-01-07',
    startTime: '08:30',
    timeZone: 'Europe/Paris',
  });
  await call('PUT', `/api/attendance/sessions/${session.id}`, teacher, {
    records: [{ studentId: student.user.id, status: 'late', note: 'Bus' }],
  });
  // A question of the quiz in the student's mistake notebook (the to-do counts the cards due today).
  await ctx.database.db.execute(sql`
    insert into mistake_cards (student_id, question_id, course_id, due, stability, difficulty, scheduled_days,
      learning_steps, reps, lapses, state)
    values (${student.user.id}, ${essay.id}, ${courseId}, now(), 1, 5, 0, 0, 0, 0, 'new')`);
});

afterAll(async () => {
  await stopListening();
});

describe('kept pages (db/kept-pages.ts)', () => {
  it('tell their channel when any column they show changes, whoever changes it', async () => {
    expect(await forgottenColumns()).toEqual([]);
  });

  it('fail the check when a trigger forgets a column the page shows', async () => {
    // A learner's My Quiz Attempts shows the attempt's deadline: narrow its update trigger to forget it.
    await ctx.database.db.execute(sql.raw(`DROP TRIGGER "attempts_learner_update" ON "attempts"`));
    await ctx.database.db.execute(
      sql.raw(`CREATE TRIGGER "attempts_learner_update" AFTER UPDATE ON "attempts"
        FOR EACH ROW WHEN (OLD."status" <> 'in_progress' OR NEW."status" <> 'in_progress')
        EXECUTE FUNCTION "notify_learner_attempts"()`),
    );
    await ctx.database.db.execute(sql.raw(`UPDATE "attempts" SET "status" = 'in_progress'`));
    const forgotten = await forgottenColumns();
    expect(forgotten).toContain('My Quiz Attempts: attempts.deadline_at → lyceum_learner_attempts');
  });

  it('print the trigger a new kept table needs, from the columns the pages show', () => {
    expect(shownColumns('lyceum_learner_attempts', 'attempts')).toContain('deadline_at');
    const migration = keptTriggerSql('lyceum_learner_attempts', 'attempts', 'student_id');
    expect(migration).toContain(`OLD."deadline_at" IS DISTINCT FROM NEW."deadline_at"`);
    expect(migration).toContain(`pg_notify('lyceum_learner_attempts', NEW."student_id"::text)`);
    expect(() => keptTriggerSql('lyceum_learner_attempts', 'forum_questions', 'author_id')).toThrow(/No kept page/);
  });
});

describe('the registry points at the code that keeps each page', () => {
  const src = new URL('../src/', import.meta.url);
  it.each(KEPT_PAGES.map((page) => [page.name, page.keptIn] as const))('%s: %s', (_name, keptIn) => {
    // "a/b.ts (name), c/d.ts": each file exists and holds the named kept map, so a move that forgets the registry fails.
    for (const place of keptIn.split(', ')) {
      const [, file, holder] = /^(\S+\.ts)(?: \((\w+)\))?$/.exec(place) ?? [];
      expect(file, `"${place}" names a file`).toBeDefined();
      const text = readFileSync(new URL(file!, src), 'utf8');
      if (holder) expect(text, `${file} holds ${holder}`).toContain(holder);
    }
  });
});
