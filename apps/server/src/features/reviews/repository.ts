import type { PublicUser, RatingSummary, Review, Role, StudentReview } from '@lyceum/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '#db/client.js';
import { eventStatementParts, type RaisedEvent } from '#lib/events.js';
import { courses, enrolments, images, reviews, users } from '#db/schema/index.js';

/*
 * Every query of the reviews feature. A page is one query (reviews joined with their student and image)
 * plus one aggregate; the rating is never stored, so it cannot drift from the reviews it summarises.
 */

export interface Paging {
  page: number;
  pageSize: number;
}

const reviewColumns = {
  id: reviews.id,
  courseId: reviews.courseId,
  rating: reviews.rating,
  text: reviews.text,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
  studentId: users.id,
  studentFirstname: users.firstname,
  studentLastname: users.lastname,
  studentUsername: users.username,
  studentRole: users.role,
  studentImage: images.name,
};

interface ReviewRow {
  id: string;
  courseId: string;
  rating: number;
  text: string;
  createdAt: Date;
  updatedAt: Date;
  studentId: string;
  studentFirstname: string;
  studentLastname: string;
  studentUsername: string;
  studentRole: Role;
  studentImage: string | null;
}

function toStudent(row: ReviewRow): PublicUser {
  return {
    id: row.studentId,
    firstname: row.studentFirstname,
    lastname: row.studentLastname,
    username: row.studentUsername,
    profileImage: row.studentImage ?? null,
    role: row.studentRole,
  };
}

function toReview(row: ReviewRow): Review {
  return {
    id: row.id,
    courseId: row.courseId,
    rating: row.rating,
    text: row.text,
    student: toStudent(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Reviews with their student (reviews.student_id is NOT NULL ON DELETE CASCADE: the student always exists). */
function selectReviews<Extra extends SelectedFields>(db: Db, extra: Extra = {} as Extra) {
  return db
    .select({ ...extra, ...reviewColumns })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.studentId))
    .leftJoin(images, eq(images.id, users.profileImageId))
    .$dynamic();
}

const newestFirst = [desc(reviews.createdAt), desc(reviews.id)];

/** What access checks need of a course. `lock` takes FOR KEY SHARE, so the course cannot vanish under a write. */
export async function findCourseHead(db: Db, courseId: string, options: { lock?: boolean } = {}) {
  const query = db
    .select({ id: courses.id, status: courses.status, teacherId: courses.teacherId, title: courses.title })
    .from(courses)
    .where(eq(courses.id, courseId));
  const [row] = options.lock ? await query.for('key share') : await query;
  return row;
}

/**
 * What writing a review needs, in one statement: the course's head, whether the student is enrolled, and the
 * student as the review shows them (`writeReview` checks the course and the enrolment again as it writes).
 * Undefined for no such course.
 */
export async function findReviewContext(db: Db, studentId: string, courseId: string) {
  const [row] = await db
    .select({
      course: { id: courses.id, status: courses.status, teacherId: courses.teacherId, title: courses.title },
      enrolled: sql<boolean>`exists (select 1 from ${enrolments} e
        where e.student_id = ${studentId} and e.course_id = ${courses.id})`,
      studentId: users.id,
      studentFirstname: users.firstname,
      studentLastname: users.lastname,
      studentUsername: users.username,
      studentRole: users.role,
      studentImage: images.name,
    })
    .from(courses)
    .innerJoin(users, eq(users.id, studentId))
    .leftJoin(images, eq(images.id, users.profileImageId))
    .where(eq(courses.id, courseId))
    .limit(1);
  if (!row) return undefined;
  const { course, enrolled, ...student } = row;
  return { course, enrolled, student };
}

/** A review just written, with the student as findReviewContext read them: no second read. */
export function newReview(
  written: { id: string; courseId: string; rating: number; text: string; createdAt: Date; updatedAt: Date },
  student: Omit<ReviewRow, keyof typeof written>,
): Review {
  return toReview({ ...written, ...student });
}

/** Whether the student is enrolled in the course (active or completed): the right to review it. */
export async function isEnrolled(db: Db, studentId: string, courseId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: enrolments.id })
    .from(enrolments)
    .where(and(eq(enrolments.studentId, studentId), eq(enrolments.courseId, courseId)))
    .limit(1);
  return row !== undefined;
}

/** The owner of a review, or undefined. */
export async function findReviewHead(db: Db, id: string) {
  const [row] = await db
    .select({ id: reviews.id, studentId: reviews.studentId, courseId: reviews.courseId })
    .from(reviews)
    .where(eq(reviews.id, id))
    .limit(1);
  return row;
}

export async function findReview(db: Db, id: string): Promise<Review | undefined> {
  const [row] = await selectReviews(db).where(eq(reviews.id, id)).limit(1);
  return row && toReview(row);
}

export async function findReviewOf(db: Db, studentId: string, courseId: string): Promise<Review | undefined> {
  const [row] = await selectReviews(db)
    .where(and(eq(reviews.studentId, studentId), eq(reviews.courseId, courseId)))
    .limit(1);
  return row && toReview(row);
}

/**
 * The rating of a course in one aggregate: average to one decimal (the same expression as the course cards'
 * rating), count and the 1–5 distribution.
 */
export async function ratingSummary(db: Db, courseId: string): Promise<RatingSummary> {
  const stars = (n: number) => sql<number>`(count(*) filter (where ${reviews.rating} = ${n}))::int`;
  const [row] = await db
    .select({
      average: sql<number | null>`round(avg(${reviews.rating}), 1)::float8`,
      count: sql<number>`count(*)::int`,
      one: stars(1),
      two: stars(2),
      three: stars(3),
      four: stars(4),
      five: stars(5),
    })
    .from(reviews)
    .where(eq(reviews.courseId, courseId));
  return {
    average: row?.average ?? null,
    count: row?.count ?? 0,
    distribution: {
      1: row?.one ?? 0,
      2: row?.two ?? 0,
      3: row?.three ?? 0,
      4: row?.four ?? 0,
      5: row?.five ?? 0,
    },
  };
}

/** A page of a course's reviews, newest first (reviews_course_created_idx). */
export async function courseReviewPage(db: Db, courseId: string, paging: Paging): Promise<Review[]> {
  const rows = await selectReviews(db)
    .where(eq(reviews.courseId, courseId))
    .orderBy(...newestFirst)
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize);
  return rows.map(toReview);
}

/** A page of a student's reviews with their course, newest first, and the student's total. */
export async function studentReviewPage(db: Db, studentId: string, paging: Paging) {
  const where = eq(reviews.studentId, studentId);
  const [rows, [total]] = await Promise.all([
    selectReviews(db, { courseTitle: courses.title })
      .innerJoin(courses, eq(courses.id, reviews.courseId))
      .where(where)
      .orderBy(...newestFirst)
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize),
    db.select({ n: count() }).from(reviews).where(where),
  ]);
  const items: StudentReview[] = rows.map((row) => ({
    ...toReview(row),
    course: { id: row.courseId, title: row.courseTitle },
  }));
  return { items, total: total?.n ?? 0 };
}

/**
 * Writes the student's review and raises `event` with it, in one statement (ADR 019, session 25): only while the
 * course is published and the student enrolled in it, once per student and course (the unique key decides, not a
 * prior read), the course's row locked against deletion. Says what it wrote, or else the review it met; neither when
 * the course or the enrolment changed since the caller read them, or the review met was deleted meanwhile.
 */
export async function writeReview(
  db: Db,
  values: { studentId: string; courseId: string; rating: number; text: string },
  event: RaisedEvent<'review.new'>,
) {
  const { studentId, courseId } = values;
  const result = await db.execute(sql`
    with allowed as (
      select c.id from ${courses} c
       where c.id = ${courseId} and c.status = 'published'
         and exists (select 1 from ${enrolments} e where e.student_id = ${studentId} and e.course_id = c.id)
       -- A deletion in flight is waited for, and then nothing is allowed (rather than a failed foreign-key check).
       for key share of c
    ), written as (
      insert into ${reviews} (student_id, course_id, rating, text)
      select ${studentId}::uuid, id, ${values.rating}::int, ${values.text}::text from allowed
      on conflict (student_id, course_id) do nothing
      returning id, course_id, rating, text, created_at, updated_at
    ), ${eventStatementParts(event, sql`exists (select 1 from written)`)}
    select w.id, w.course_id, w.rating, w.text, w.created_at, w.updated_at, (select notifies from told) as notifies,
           (select r.id from ${reviews} r where r.student_id = ${studentId} and r.course_id = ${courseId}) as existing_id
      from (select 1) as one left join written w on true`);
  type Row = {
    id: string | null;
    course_id: string;
    rating: number;
    text: string;
    created_at: Date | string;
    updated_at: Date | string;
    existing_id: string | null;
  };
  const row = (result as unknown as { rows: Row[] }).rows[0]!;
  const written = row.id
    ? {
        id: row.id,
        courseId: row.course_id,
        rating: Number(row.rating),
        text: row.text,
        createdAt: new Date(row.created_at),
        updatedAt: new Date(row.updated_at),
      }
    : undefined;
  return { written, existingId: row.existing_id ?? undefined };
}

export async function updateReview(db: Db, id: string, changes: { rating?: number; text?: string }) {
  const [row] = await db
    .update(reviews)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(reviews.id, id))
    .returning({ id: reviews.id });
  return row?.id;
}

export async function deleteReview(db: Db, id: string): Promise<void> {
  await db.delete(reviews).where(eq(reviews.id, id));
}
