import { timingSafeEqual } from 'node:crypto';
import type { ClassGrade } from '@lyceum/contract';
import type { Language } from '@lyceum/contract/constants';
import { sql } from 'drizzle-orm';
import type { Db } from '#db/client.js';
import { badRequest } from '#lib/errors.js';
import { languageOrDefault } from '#lib/i18n/index.js';
import type { MailLog, MailMessage, Mailer } from '#lib/mailer.js';

const DAY_MS = 86_400_000;
/** Guardians looked at per statement of the job (keyset on their id). */
const BATCH = 200;
/** Children per guardian listed in one mail. */
const CHILDREN_MAX = 20;
/** New grades listed per child. */
const GRADES_MAX = 20;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The ISO week of an instant (UTC), e.g. "2030-W02": the summary's key with the guardian. */
export function isoWeek(at: number): string {
  const day = new Date(at);
  const date = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()));
  const weekday = date.getUTCDay() || 7;
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((date.getTime() - yearStart) / DAY_MS + 1) / 7);
  return `${date.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

export interface SummaryChild {
  name: string;
  missing: string[];
  absences: number;
  /** Released scores new this week (see `newGrades`). */
  grades: { title: string; className: string; percent: number }[];
  url: string;
}

export interface SummaryDeps {
  mailer: Mailer;
  log?: MailLog;
  clock: () => number;
  publicUrl: string;
  /** Signs the unsubscribe token (the app's token service). */
  mac: (purpose: string, data: string) => string;
  /** The student's missing work (the to-do's overdue titles). */
  missingWork: (studentId: string) => Promise<string[]>;
  /**
   * The student's scores in one of their classes as their guardian reads them: released ones only (the classes'
   * member read as the child, lib/release.ts, with the unreleased left out by the guardians' service).
   */
  releasedGrades: (studentId: string, classId: string) => Promise<ClassGrade[]>;
  /** The notifications feature's mail of the summary (its frame and languages). */
  summaryMail: (options: {
    to: string;
    language: Language;
    children: SummaryChild[];
    unsubscribePageUrl: string;
    unsubscribePostUrl: string;
    messageId: string;
  }) => MailMessage;
}

/**
 * The guardians' weekly summary (issue 52, ADR 070): per guardian with the summary on and a child not muted, one
 * mail a week: missing work, new released grades and absences per child. Several processes may run it at once: each guardian's (guardian, ISO week) row is claimed by one
 * insert before the mail goes, and only the process whose insert wrote it sends; a failed send gives the claim back.
 */
export function createWeeklySummary(db: Db, deps: SummaryDeps) {
  const base = deps.publicUrl.replace(/\/+$/, '');
  const tokenOf = (guardianId: string) => `${guardianId}~${deps.mac('guardian-summary', guardianId)}`;

  /**
   * The child's grades new in [since, until): released now and scored, and in the week either handed in or graded
   * (the attempt written), released by hand, or due. One statement for the classes and the touched assessments,
   * then the classes' released grades (at most GRADES_MAX listed). An unreleased score never appears: only what
   * `releasedGrades` answers is read.
   */
  async function newGrades(studentId: string, since: string, until: string): Promise<SummaryChild['grades']> {
    const rows = rowsOf<{ kind: 'class' | 'item'; id: string; name: string | null }>(
      await db.execute(sql`
        select 'class' as kind, c.id, c.name from class_members m join classes c on c.id = m.class_id
          where m.student_id = ${studentId} and c.archived_at is null
        union all
        select 'item' as kind, a.assessment_id as id, null as name from attempts a
          where a.student_id = ${studentId} and a.score is not null
            and ((a.updated_at >= ${since}::timestamptz and a.updated_at < ${until}::timestamptz)
              or (a.submitted_at >= ${since}::timestamptz and a.submitted_at < ${until}::timestamptz))
        union all
        select 'item' as kind, s.item_id as id, null as name from assessments s
          where s.released_at >= ${since}::timestamptz and s.released_at < ${until}::timestamptz`),
    );
    const touched = new Set(rows.filter((r) => r.kind === 'item').map((r) => r.id));
    const [from, to] = [Date.parse(since), Date.parse(until)];
    const grades: SummaryChild['grades'] = [];
    for (const cls of rows.filter((r) => r.kind === 'class')) {
      for (const grade of await deps.releasedGrades(studentId, cls.id)) {
        const due = grade.dueAt ? Date.parse(grade.dueAt) : NaN;
        const isNew = touched.has(grade.itemId) || (due >= from && due < to);
        if (grade.released && grade.percent !== null && !grade.pending && isNew)
          grades.push({ title: grade.title, className: cls.name ?? '', percent: grade.percent });
      }
    }
    return grades.slice(0, GRADES_MAX);
  }

  async function claim(guardianId: string, week: string): Promise<boolean> {
    const rows = rowsOf(
      await db.execute(sql`
        insert into guardian_summaries (guardian_id, iso_week) values (${guardianId}, ${week})
        on conflict do nothing returning guardian_id`),
    );
    return rows.length > 0;
  }

  /** Sends this week's summaries not sent yet; resolves to the number this call sent. */
  async function send(at = deps.clock()): Promise<number> {
    const week = isoWeek(at);
    const since = new Date(at - 7 * DAY_MS).toISOString();
    const until = new Date(at).toISOString();
    let after = '00000000-0000-0000-0000-000000000000';
    let sent = 0;
    for (;;) {
      // Guardians with the summary on, active, with a child not muted, not yet sent this week.
      const guardians = rowsOf<{ id: string; email: string; language: Language | null }>(
        await db.execute(sql`
          select g.id, g.email, g.language from users g
          left join guardian_settings s on s.guardian_id = g.id
          where g.role = 'guardian' and g.status = 'active' and g.id > ${after}::uuid
            and coalesce(s.weekly_summary, true)
            and exists (select 1 from guardian_links l where l.guardian_id = g.id and not l.summary_muted)
            and not exists (select 1 from guardian_summaries x where x.guardian_id = g.id and x.iso_week = ${week})
          order by g.id limit ${BATCH}`),
      );
      if (guardians.length === 0) return sent;
      after = guardians.at(-1)!.id;
      const ids = `{${guardians.map((g) => g.id).join(',')}}`;
      // Their children not muted, with the week's absences: one statement for the batch.
      const children = rowsOf<{ guardian_id: string; id: string; name: string; absences: number }>(
        await db.execute(sql`
          select l.guardian_id, u.id, concat_ws(' ', u.firstname, u.lastname) as name,
            (select count(*)::int from attendance_records r join attendance_sessions s on s.id = r.session_id
              where r.student_id = u.id and r.status = 'absent'
                and s.starts_at >= ${since}::timestamptz and s.starts_at < ${until}::timestamptz) as absences
          from guardian_links l join users u on u.id = l.student_id
          where l.guardian_id = any(${ids}::uuid[]) and not l.summary_muted
          order by l.guardian_id, u.firstname, u.lastname, u.id`),
      );
      for (const guardian of guardians) {
        const mine = children.filter((c) => c.guardian_id === guardian.id).slice(0, CHILDREN_MAX);
        if (mine.length === 0 || !(await claim(guardian.id, week))) continue;
        try {
          const listed: SummaryChild[] = [];
          for (const child of mine)
            listed.push({
              name: child.name,
              missing: await deps.missingWork(child.id),
              absences: Number(child.absences),
              grades: await newGrades(child.id, since, until),
              url: `${base}/guardian/children/${child.id}`,
            });
          const token = encodeURIComponent(tokenOf(guardian.id));
          await deps.mailer.send(
            deps.summaryMail({
              to: guardian.email,
              language: languageOrDefault(guardian.language),
              children: listed,
              unsubscribePageUrl: `${base}/api/guardian/summary/unsubscribe?token=${token}`,
              unsubscribePostUrl: `${base}/api/guardian/summary/unsubscribe?token=${token}`,
              messageId: `<guardian-summary-${guardian.id}-${week}@lyceum>`,
            }),
          );
          sent += 1;
        } catch (error) {
          // Not sent: the claim goes, so the job's retry (or the next run this week) sends it.
          await db.execute(sql`
            delete from guardian_summaries where guardian_id = ${guardian.id} and iso_week = ${week}`);
          throw error;
        }
      }
    }
  }

  return {
    send,

    /** One-click unsubscribe (no session): the token's MAC names its guardian; the weekly summary is turned off. */
    async unsubscribe(token: string) {
      const invalid = () => badRequest('This unsubscribe link is not valid');
      const [guardianId, mac, ...rest] = token.split('~');
      if (!guardianId || !mac || rest.length > 0 || !/^[0-9a-f-]{36}$/i.test(guardianId)) throw invalid();
      const expected = Buffer.from(deps.mac('guardian-summary', guardianId));
      const given = Buffer.from(mac);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
      const written = rowsOf(
        await db.execute(sql`
          insert into guardian_settings (guardian_id, weekly_summary)
          select id, false from users where id = ${guardianId} and role = 'guardian'
          on conflict (guardian_id) do update set weekly_summary = false, updated_at = now()
          returning guardian_id`),
      );
      if (written.length === 0) throw invalid();
      return { message: 'You will no longer receive the weekly summary' };
    },
  };
}
