import { ADMIN_DETAILS_LIMIT, type PublicUser, type Role } from '@lyceum/contract';
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, AnyPgTable } from 'drizzle-orm/pg-core';
import type { Db } from '#db/client.js';
import { courses, enrolments, forumAnswers, forumQuestions, images, reviews, users } from '#db/schema/index.js';

/**
 * `"table"."column"`. Drizzle leaves columns unqualified in a select from one table, which would make a
 * correlated subquery compare the inner table's column with itself.
 */
export function qualified(table: AnyPgTable, column: AnyPgColumn): SQL {
  return sql`${table}.${sql.identifier(column.name)}`;
}

const publicUserColumns = {
  authorId: users.id,
  authorFirstname: users.firstname,
  authorLastname: users.lastname,
  authorUsername: users.username,
  authorRole: users.role,
  authorImage: images.name,
};

function toPublicUser(row: {
  authorId: string;
  authorFirstname: string;
  authorLastname: string;
  authorUsername: string;
  authorRole: Role;
  authorImage: string | null;
}): PublicUser {
  return {
    id: row.authorId,
    firstname: row.authorFirstname,
    lastname: row.authorLastname,
    username: row.authorUsername,
    role: row.authorRole,
    profileImage: row.authorImage ?? null,
  };
}
/** What a user has done, for the admin's details page: their latest enrolments, courses, reviews and forum posts. */
export function createUserActivityQueries(db: Db) {
  return {
    /** A student's latest enrolments with course titles, and how many there are. */
    async latestEnrolments(studentId: string) {
      const rows = await db
        .select({
          courseId: courses.id,
          courseTitle: courses.title,
          status: enrolments.status,
          progressPercent: enrolments.progressPercent,
          createdAt: enrolments.createdAt,
          completedAt: enrolments.completedAt,
          total: sql<number>`count(*) over ()`.mapWith(Number),
        })
        .from(enrolments)
        .innerJoin(courses, eq(courses.id, enrolments.courseId))
        .where(eq(enrolments.studentId, studentId))
        .orderBy(desc(enrolments.createdAt), desc(enrolments.id))
        .limit(ADMIN_DETAILS_LIMIT);
      return {
        total: rows[0]?.total ?? 0,
        items: rows.map((row) => ({
          course: { id: row.courseId, title: row.courseTitle },
          status: row.status,
          progressPercent: row.progressPercent,
          enrolledAt: row.createdAt.toISOString(),
          completedAt: row.completedAt?.toISOString() ?? null,
        })),
      };
    },

    /** A teacher's latest updated courses with their enrolment counts, and how many there are. */
    async latestCourses(teacherId: string) {
      const rows = await db
        .select({
          id: courses.id,
          title: courses.title,
          category: courses.category,
          status: courses.status,
          updatedAt: courses.updatedAt,
          enrolledCount: sql<number>`(select count(*)::int from ${enrolments} where ${enrolments.courseId} = ${qualified(courses, courses.id)})`,
          total: sql<number>`count(*) over ()`.mapWith(Number),
        })
        .from(courses)
        .where(eq(courses.teacherId, teacherId))
        .orderBy(desc(courses.updatedAt), desc(courses.id))
        .limit(ADMIN_DETAILS_LIMIT);
      return {
        total: rows[0]?.total ?? 0,
        items: rows.map(({ total: _total, updatedAt, ...row }) => ({ ...row, updatedAt: updatedAt.toISOString() })),
      };
    },

    /** The latest reviews a student wrote, or that a teacher's courses received. */
    async latestReviews(userId: string, role: Role) {
      const where = role === 'teacher' ? eq(courses.teacherId, userId) : eq(reviews.studentId, userId);
      const rows = await db
        .select({
          id: reviews.id,
          rating: reviews.rating,
          text: reviews.text,
          createdAt: reviews.createdAt,
          courseId: courses.id,
          courseTitle: courses.title,
          ...publicUserColumns,
          total: sql<number>`count(*) over ()`.mapWith(Number),
        })
        .from(reviews)
        .innerJoin(courses, eq(courses.id, reviews.courseId))
        .innerJoin(users, eq(users.id, reviews.studentId))
        .leftJoin(images, eq(images.id, users.profileImageId))
        .where(where)
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(ADMIN_DETAILS_LIMIT);
      return {
        total: rows[0]?.total ?? 0,
        items: rows.map((row) => ({
          id: row.id,
          course: { id: row.courseId, title: row.courseTitle },
          student: toPublicUser(row),
          rating: row.rating,
          text: row.text,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },

    async latestQuestions(authorId: string) {
      const rows = await db
        .select({
          id: forumQuestions.id,
          question: forumQuestions.question,
          createdAt: forumQuestions.createdAt,
          answerCount: sql<number>`(select count(*)::int from ${forumAnswers} where ${forumAnswers.questionId} = ${qualified(forumQuestions, forumQuestions.id)})`,
          total: sql<number>`count(*) over ()`.mapWith(Number),
        })
        .from(forumQuestions)
        .where(eq(forumQuestions.authorId, authorId))
        .orderBy(desc(forumQuestions.createdAt), desc(forumQuestions.id))
        .limit(ADMIN_DETAILS_LIMIT);
      return {
        total: rows[0]?.total ?? 0,
        items: rows.map(({ total: _total, createdAt, ...row }) => ({ ...row, createdAt: createdAt.toISOString() })),
      };
    },

    async latestAnswers(authorId: string) {
      const rows = await db
        .select({
          id: forumAnswers.id,
          answer: forumAnswers.answer,
          createdAt: forumAnswers.createdAt,
          questionId: forumQuestions.id,
          question: forumQuestions.question,
          total: sql<number>`count(*) over ()`.mapWith(Number),
        })
        .from(forumAnswers)
        .innerJoin(forumQuestions, eq(forumQuestions.id, forumAnswers.questionId))
        .where(eq(forumAnswers.authorId, authorId))
        .orderBy(desc(forumAnswers.createdAt), desc(forumAnswers.id))
        .limit(ADMIN_DETAILS_LIMIT);
      return {
        total: rows[0]?.total ?? 0,
        items: rows.map((row) => ({
          id: row.id,
          answer: row.answer,
          question: { id: row.questionId, question: row.question },
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  };
}
