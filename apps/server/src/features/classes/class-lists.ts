import type { ClassSummary } from '@lyceum/contract';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { classes, classMembers, classTeachers, users } from '#db/schema/index.js';
import { boundedPage, cappedPageResult, countFrame, countFrameTotal, type Page, type Paging } from '#lib/pages.js';
import type { ClassContext } from './context.js';
import { summariesOf, type Caller } from './rows.js';

/** A class's member count, for the rows of a page (index-only on class_members' key). */
const memberCount = sql<number>`(select count(*)::int from ${classMembers} m where m.class_id = ${classes.id})`;
/** A class summary's columns, beside the count frame's total (`summariesOf` reads them). */
const summaryColumns = {
  cls: classes,
  firstname: users.firstname,
  lastname: users.lastname,
  members: memberCount,
  total: countFrameTotal,
};
const summaryBytes = (page: Page<ClassSummary>) => 200 + 300 * page.items.length;

/** The class lists: the classes a teacher teaches, and a student's "My classes". */
export function createClassLists({ db, deps, keep }: ClassContext) {
  /**
   * The class lists, kept per caller until the database says one of their classes changed (ADR 019, session 19):
   * each is the landing of its area, read on every return to it, and changes when classes are set up and joined.
   */
  const taughtLists = keep<Page<ClassSummary>>(deps.watchTeachers, { bytesOf: summaryBytes });
  const joinedLists = keep<Page<ClassSummary>>(deps.watchUsers, { bytesOf: summaryBytes });

  /**
   * The classes the caller teaches: the page's ids on the narrow join, then those rows, joined to the capped count
   * (ADR 019): one statement, whatever the page.
   */
  async function taughtPage(caller: Caller, query: Paging & { archived: 'true' | 'false' }) {
    const where = and(
      eq(classTeachers.teacherId, caller.id),
      query.archived === 'true' ? sql`${classes.archivedAt} is not null` : isNull(classes.archivedAt),
    );
    const order = [desc(classes.createdAt), classes.id];
    const { limit, offset } = boundedPage(query);
    const taught = () =>
      db
        .select({ id: classes.id })
        .from(classTeachers)
        .innerJoin(classes, eq(classes.id, classTeachers.classId))
        .where(where);
    const rows = await db
      .select(summaryColumns)
      .from(countFrame(taught()))
      .leftJoin(
        classes,
        inArray(
          classes.id,
          taught()
            .orderBy(...order)
            .limit(limit)
            .offset(offset),
        ),
      )
      .leftJoin(users, eq(users.id, classes.ownerId))
      .orderBy(...order);
    const total = Number(rows[0]?.total ?? 0);
    return cappedPageResult(summariesOf(rows, true), query, total);
  }

  /**
   * The caller's classes, current ones first: the page's ids on the narrow join, then those rows, joined to the
   * capped count (ADR 019): one statement, whatever the page.
   */
  async function joinedPage(caller: Caller, paging: Paging) {
    const where = eq(classMembers.studentId, caller.id);
    const order = [sql`${classes.archivedAt} is not null`, desc(classMembers.joinedAt), classes.id];
    const { limit, offset } = boundedPage(paging);
    const pageIds = db
      .select({ id: classes.id })
      .from(classMembers)
      .innerJoin(classes, eq(classes.id, classMembers.classId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    const rows = await db
      .select(summaryColumns)
      .from(
        countFrame(
          db
            .select({ one: sql`1` })
            .from(classMembers)
            .where(where),
        ),
      )
      .leftJoin(classMembers, and(where, inArray(classMembers.classId, pageIds)))
      .leftJoin(classes, eq(classes.id, classMembers.classId))
      .leftJoin(users, eq(users.id, classes.ownerId))
      .orderBy(...order);
    const total = Number(rows[0]?.total ?? 0);
    return cappedPageResult(summariesOf(rows, false), paging, total);
  }

  return {
    /** The classes the caller teaches (taughtPage), kept until the database says one of them changed. */
    async list(caller: Caller, query: Paging & { archived: 'true' | 'false' }): Promise<Page<ClassSummary>> {
      const key = JSON.stringify([caller.id, query.archived, query.page, query.pageSize]);
      return (await taughtLists.get(key, async () => ({ owner: caller.id, value: await taughtPage(caller, query) })))
        .value;
    },

    /** The classes the caller is a member of (joinedPage), kept until the database says one of them changed. */
    async myClasses(caller: Caller, paging: Paging): Promise<Page<ClassSummary>> {
      const key = JSON.stringify([caller.id, paging.page, paging.pageSize]);
      return (await joinedLists.get(key, async () => ({ owner: caller.id, value: await joinedPage(caller, paging) })))
        .value;
    },
  };
}
