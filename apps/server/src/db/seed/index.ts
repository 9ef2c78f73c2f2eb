import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../client.js';
import {
  accommodations,
  classAnnouncements,
  classAssignments,
  classCourses,
  classes,
  classMembers,
  classTeachers,
  courseItems,
  courseSections,
  courses,
  enrolments,
  forumAnswers,
  forumQuestions,
  itemCompletions,
  lessons,
  reviews,
  users,
  wishlistItems,
} from '../schema/index.js';
import { hashPassword } from '#auth/passwords.js';
import { generateClassCode } from '#features/classes/index.js';
import { sanitizeLessonHtml } from '#features/curriculum/index.js';
import { refreshProgress } from '#lib/progress.js';
import { sanitizeAboutHtml } from '#lib/sanitize.js';
import { demoClassLine } from '#lib/logging.js';
import { seedDemoQuiz } from './assessments.js';
import { demoCurriculum } from './curriculum.js';
import {
  DEMO_ADMIN,
  DEMO_COURSES,
  DEMO_PASSWORDS,
  DEMO_QUESTIONS,
  DEMO_REVIEWS,
  DEMO_STUDENTS,
  DEMO_TEACHERS,
} from './data.js';

export interface SeedResult {
  seeded: boolean;
  credentials: { role: string; email: string; password: string }[];
  /** The demo class and its access code, printed with the accounts. */
  demoClass?: { name: string; code: string };
}

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

/** Loads the demo data set into an empty database, in one transaction. Does nothing otherwise. */
export async function seedDemoData(db: Db): Promise<SeedResult> {
  if (!(await isEmpty(db))) return { seeded: false, credentials: [] };
  const [admin, teacher, student] = await Promise.all([
    hashPassword(DEMO_PASSWORDS.admin),
    hashPassword(DEMO_PASSWORDS.teacher),
    hashPassword(DEMO_PASSWORDS.student),
  ]);
  const hashes = { admin, teacher, student };
  const now = Date.now();
  const demoClass = { name: 'Period 3 · Web foundations', code: generateClassCode() };
  await db.transaction(async (tx) => {
    const { teachers, students } = await seedPeople(tx, hashes, now);
    const courseRows = await seedCourses(tx, teachers, now);
    const enrolled = await seedReviews(tx, students, courseRows);
    const { lessonIdsOf, quizSection } = await seedCurricula(tx, courseRows);
    await seedLearning(tx, { students, courseRows, enrolled, lessonIdsOf, quizSection, now });
    await seedDemoClass(tx, { demoClass, teachers, students, courseRows, lessonIdsOf, now });
    await seedForum(tx, teachers, students, now);
  });
  return {
    seeded: true,
    credentials: [
      { role: 'admin', email: DEMO_ADMIN.email, password: DEMO_PASSWORDS.admin },
      ...DEMO_TEACHERS.map((t) => ({ role: 'teacher', email: t.email, password: DEMO_PASSWORDS.teacher })),
      ...DEMO_STUDENTS.map((s) => ({ role: 'student', email: s.email, password: DEMO_PASSWORDS.student })),
    ],
    demoClass,
  };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Ids = { id: string }[];
const DAY = 24 * 60 * 60 * 1000;

/** The admin, the teachers and the students (signed up over the last 20 days). */
async function seedPeople(tx: Tx, hashes: { admin: string; teacher: string; student: string }, now: number) {
  const day = DAY;
  await tx.insert(users).values({
    ...DEMO_ADMIN,
    role: 'admin',
    username: `${DEMO_ADMIN.firstname} ${DEMO_ADMIN.lastname}`,
    passwordHash: hashes.admin,
  });
  const teachers = await tx
    .insert(users)
    .values(
      DEMO_TEACHERS.map((t) => ({
        ...t,
        role: 'teacher' as const,
        username: `${t.firstname} ${t.lastname}`,
        passwordHash: hashes.teacher,
      })),
    )
    .returning({ id: users.id });
  const students = await tx
    .insert(users)
    .values(
      DEMO_STUDENTS.map((s, i) => ({
        ...s,
        role: 'student' as const,
        username: `${s.firstname} ${s.lastname}`,
        passwordHash: hashes.student,
        createdAt: new Date(now - (20 - i) * day),
      })),
    )
    .returning({ id: users.id });
  return { teachers, students };
}

/** The published courses, one every day of the last 30, through the API's sanitiser. */
async function seedCourses(tx: Tx, teachers: Ids, now: number) {
  const day = DAY;
  const courseRows = await tx
    .insert(courses)
    .values(
      DEMO_COURSES.map((c, i) => ({
        teacherId: teachers[c.teacher]!.id,
        title: c.title,
        category: c.category,
        videoLink: c.videoLink,
        // Through the same sanitiser as the API; search_vector is filled by the courses trigger.
        aboutHtml: sanitizeAboutHtml(c.about),
        learnItems: c.learn,
        materialItems: c.materials,
        requirementItems: c.requirements,
        tagItems: c.tags,
        audienceItems: c.audience,
        status: 'published' as const,
        publishedAt: new Date(now - (30 - i) * day),
        createdAt: new Date(now - (30 - i) * day),
      })),
    )
    .returning({ id: courses.id });
  return courseRows;
}

/** The reviews; returns who is enrolled in what ("student:course"): every reviewer, and a few more. */
async function seedReviews(tx: Tx, students: Ids, courseRows: Ids) {
  await tx.insert(reviews).values(
    DEMO_REVIEWS.map((r) => ({
      studentId: students[r.student]!.id,
      courseId: courseRows[r.course]!.id,
      rating: r.rating,
      text: r.text,
    })),
  );
  // Every reviewer is enrolled in what they reviewed; a few more enrolments and wishlists besides.
  const enrolled = new Set(DEMO_REVIEWS.map((r) => `${r.student}:${r.course}`));
  [
    [0, 1],
    [0, 4],
    [1, 2],
    [8, 0],
    [9, 5],
  ].forEach(([s, c]) => enrolled.add(`${s}:${c}`));
  return enrolled;
}

/** Every course's curriculum; returns each course's lesson ids and where the demo quiz goes. */
async function seedCurricula(tx: Tx, courseRows: Ids) {
  // Every published course has a real curriculum: sections, lessons, a free preview lesson.
  const lessonIdsOf: string[][] = [];
  /** The first course's last section and its length: the demo quiz goes at its end. */
  let quizSection: { id: string; position: number } | null = null;
  for (const [ci, course] of DEMO_COURSES.entries()) {
    const ids: string[] = [];
    for (const [si, section] of demoCurriculum(course).entries()) {
      const [sectionRow] = await tx
        .insert(courseSections)
        .values({ courseId: courseRows[ci]!.id, position: si, title: section.title, summary: section.summary })
        .returning({ id: courseSections.id });
      const items = await tx
        .insert(courseItems)
        .values(
          section.lessons.map((lesson, li) => ({
            courseId: courseRows[ci]!.id,
            sectionId: sectionRow!.id,
            position: li,
            kind: 'lesson' as const,
            title: lesson.title,
            published: true,
            preview: lesson.preview,
            durationMinutes: lesson.durationMinutes,
          })),
        )
        .returning({ id: courseItems.id });
      await tx.insert(lessons).values(
        section.lessons.map((lesson, li) => ({
          itemId: items[li]!.id,
          bodyHtml: sanitizeLessonHtml(lesson.bodyHtml),
        })),
      );
      ids.push(...items.map((item) => item.id));
      if (ci === 0) quizSection = { id: sectionRow!.id, position: items.length };
    }
    lessonIdsOf.push(ids);
  }
  return { lessonIdsOf, quizSection: quizSection as { id: string; position: number } | null };
}

/** Enrolments with their completed lessons and progress, the demo quiz and its attempts, wishlists. */
async function seedLearning(
  tx: Tx,
  parts: {
    students: Ids;
    courseRows: Ids;
    enrolled: Set<string>;
    lessonIdsOf: string[][];
    quizSection: { id: string; position: number } | null;
    now: number;
  },
) {
  const { students, courseRows, enrolled, lessonIdsOf, quizSection, now } = parts;
  const day = DAY;
  // Enrolments: every fourth one finished, the others part of the way, resuming at the next lesson.
  const enrolmentRows = [...enrolled].map((key, i) => {
    const [s, c] = key.split(':').map(Number) as [number, number];
    const ids = lessonIdsOf[c]!;
    const done = i % 4 === 0 ? ids.length : Math.min(i % 5, ids.length - 1);
    return { student: students[s]!.id, course: courseRows[c]!.id, completed: ids.slice(0, done), next: ids[done], i };
  });
  await tx.insert(enrolments).values(
    enrolmentRows.map((row) => ({
      studentId: row.student,
      courseId: row.course,
      lastItemId: row.completed.length > 0 ? (row.next ?? row.completed.at(-1)) : null,
      lastOpenedAt: row.completed.length > 0 ? new Date(now - (5 - (row.i % 5)) * day) : null,
      createdAt: new Date(now - (15 - row.i) * day),
    })),
  );
  const completions = enrolmentRows.flatMap((row) =>
    row.completed.map((itemId, k) => ({
      studentId: row.student,
      itemId,
      completedAt: new Date(now - (14 - row.i) * day + k * 60 * 60 * 1000),
    })),
  );
  if (completions.length > 0) await tx.insert(itemCompletions).values(completions);
  // A quiz with every question type in the first course, with the attempts of two of its students.
  if (quizSection) {
    const firstCourse = courseRows[0]!.id;
    const [owner] = await tx.select({ teacherId: courses.teacherId }).from(courses).where(eq(courses.id, firstCourse));
    await seedDemoQuiz(tx as unknown as Db, {
      courseId: firstCourse,
      sectionId: quizSection.id,
      position: quizSection.position,
      teacherId: owner!.teacherId,
      studentIds: enrolmentRows.filter((row) => row.course === firstCourse).map((row) => row.student),
      now,
    });
  }
  // Progress and completion come from the one progress function, as for every later completion.
  for (const row of enrolmentRows) await refreshProgress(tx as unknown as Db, row.course, row.student);
  // A finished course's completion date is the day of its last lesson, not the seeding moment.
  for (const row of enrolmentRows.filter((r) => r.next === undefined)) {
    await tx
      .update(enrolments)
      .set({ completedAt: new Date(now - (14 - row.i) * day + row.completed.length * 60 * 60 * 1000) })
      .where(and(eq(enrolments.studentId, row.student), eq(enrolments.courseId, row.course)));
  }
  await tx.insert(wishlistItems).values([
    { studentId: students[0]!.id, courseId: courseRows[2]!.id },
    { studentId: students[0]!.id, courseId: courseRows[6]!.id },
    { studentId: students[1]!.id, courseId: courseRows[9]!.id },
  ]);
}

/** The demo class (ADR 028): its teacher, courses, members, an announcement, assignments, an accommodation. */
async function seedDemoClass(
  tx: Tx,
  parts: {
    demoClass: { name: string; code: string };
    teachers: Ids;
    students: Ids;
    courseRows: Ids;
    lessonIdsOf: string[][];
    now: number;
  },
) {
  const { demoClass, teachers, students, courseRows, lessonIdsOf, now } = parts;
  const day = DAY;
  // A class of the first teacher over two of her courses: students, an announcement, assignments (one already
  // past due) and one student's accommodation (ADR 028).
  const classCourseIdx = DEMO_COURSES.flatMap((c, i) => (c.teacher === 0 ? [i] : [])).slice(0, 2);
  const [cls] = await tx
    .insert(classes)
    .values({
      ownerId: teachers[0]!.id,
      name: demoClass.name,
      section: 'Period 3',
      subject: 'Computing',
      code: demoClass.code,
      createdAt: new Date(now - 10 * day),
    })
    .returning({ id: classes.id });
  const classId = cls!.id;
  await tx.insert(classTeachers).values({ classId, teacherId: teachers[0]!.id });
  await tx
    .insert(classCourses)
    .values(classCourseIdx.map((c, position) => ({ classId, courseId: courseRows[c]!.id, position })));
  const memberIdx = students.map((_, i) => i).slice(0, 4);
  await tx
    .insert(classMembers)
    .values(memberIdx.map((s) => ({ classId, studentId: students[s]!.id, joinedAt: new Date(now - (9 - s) * day) })));
  const pairs = memberIdx.flatMap((s) => classCourseIdx.map((c) => ({ s, c })));
  await tx
    .insert(enrolments)
    .values(pairs.map(({ s, c }) => ({ studentId: students[s]!.id, courseId: courseRows[c]!.id })))
    .onConflictDoNothing();
  for (const { s, c } of pairs) await refreshProgress(tx as unknown as Db, courseRows[c]!.id, students[s]!.id);
  await tx.insert(classAnnouncements).values({
    classId,
    authorId: teachers[0]!.id,
    bodyHtml: sanitizeAboutHtml(
      '<p>Welcome to the class! Read the <strong>first two lessons</strong> before Thursday; questions go to the forum.</p>',
    ),
    createdAt: new Date(now - 2 * day),
  });
  const lessonAt = (c: number, k: number) => lessonIdsOf[c]![Math.min(k, lessonIdsOf[c]!.length - 1)]!;
  await tx.insert(classAssignments).values([
    { classId, itemId: lessonAt(classCourseIdx[0]!, 0), dueAt: new Date(now - day), createdBy: teachers[0]!.id },
    {
      classId,
      itemId: lessonAt(classCourseIdx[0]!, 1),
      dueAt: new Date(now + 2 * day),
      createdBy: teachers[0]!.id,
    },
    {
      classId,
      itemId: lessonAt(classCourseIdx[1] ?? classCourseIdx[0]!, 1),
      dueAt: new Date(now + 7 * day),
      createdBy: teachers[0]!.id,
    },
  ]);
  await tx.insert(accommodations).values({
    classId,
    studentId: students[memberIdx[1]!]!.id,
    extraTimeFactor: 1.5,
    dueExtensionHours: 48,
  });
}

/** The forum's questions and answers, with accepted answers. */
async function seedForum(tx: Tx, teachers: Ids, students: Ids, now: number) {
  const authorOf = (who: 'student' | 'teacher', index: number) =>
    who === 'teacher' ? teachers[index]!.id : students[index]!.id;
  for (const [qi, q] of DEMO_QUESTIONS.entries()) {
    const [question] = await tx
      .insert(forumQuestions)
      .values({
        authorId: authorOf(q.author, q.index),
        authorRole: q.author,
        question: q.question,
        description: q.description,
        tags: q.tags,
        createdAt: new Date(now - (qi + 1) * 3 * 60 * 60 * 1000),
      })
      .returning({ id: forumQuestions.id });
    if (q.answers.length > 0) {
      const answerRows = await tx
        .insert(forumAnswers)
        .values(
          q.answers.map((a) => ({
            questionId: question!.id,
            authorId: authorOf(a.author, a.index),
            authorRole: a.author,
            answer: a.answer,
          })),
        )
        .returning({ id: forumAnswers.id });
      const accepted = q.answers.findIndex((a) => a.accepted);
      if (accepted >= 0) {
        await tx
          .update(forumQuestions)
          .set({ acceptedAnswerId: answerRows[accepted]!.id })
          .where(eq(forumQuestions.id, question!.id));
      }
    }
  }
}

export function formatCredentials(result: SeedResult): string {
  const lines = result.credentials.map((c) => `  ${c.role.padEnd(8)} ${c.email.padEnd(28)} ${c.password}`);
  const classLine = result.demoClass ? [demoClassLine(result.demoClass)] : [];
  return ['Demo data loaded. Demo accounts (shown once):', ...lines, ...classLine].join('\n');
}
