import {
  QuestionContentSchema,
  QuestionFeedbackSchema,
  type QuestionContentInput,
  type QuestionType,
} from '@lyceum/contract';
import type { Db } from '../client.js';
import { assessmentParts, assessments, attemptAnswers, attempts, courseItems, questions } from '../schema/index.js';
import { finalizeAttempt, gradeAnswers } from '#features/assessments/index.js';

interface DemoQuestion {
  title: string;
  prompt: string;
  points: number;
  content: QuestionContentInput;
  feedback?: { general?: string; correct?: string; incorrect?: string };
  /** What the two demo students answered: a good one and a shakier one. */
  answers: [unknown, unknown];
}

/** A quiz with one question of every type (and a description), so a newcomer sees each player and grader. */
export const DEMO_QUIZ: DemoQuestion[] = [
  {
    title: 'Planning a project',
    prompt: '<p>Which of these belong in a first project plan?</p>',
    points: 2,
    content: {
      type: 'multiple_choice',
      body: {
        multiple: true,
        choices: [
          { id: 'goal', text: 'A goal in one sentence' },
          { id: 'steps', text: 'Three small steps' },
          { id: 'logo', text: 'A finished logo' },
          { id: 'fonts', text: 'A list of every font you like' },
        ],
      },
      key: { correct: ['goal', 'steps'], choiceFeedback: { logo: 'A logo can wait until something works.' } },
    },
    feedback: { general: 'Small, concrete plans get finished.' },
    answers: [{ chosen: ['goal', 'steps'] }, { chosen: ['goal', 'logo'] }],
  },
  {
    title: 'Practice',
    prompt: '<p>Repeating an example on your own helps you remember it.</p>',
    points: 1,
    content: { type: 'true_false', body: {}, key: { answer: true } },
    feedback: { correct: 'Yes: doing beats re-reading.', incorrect: 'Trying it yourself is what makes it stick.' },
    answers: [{ answer: true }, { answer: true }],
  },
  {
    title: 'Fill in the plan',
    prompt: '',
    points: 2,
    content: {
      type: 'fill_blank',
      body: { sentence: 'A good plan has a [[1]] and a few small [[2]].' },
      key: { blanks: [{ accepted: ['goal', 'aim'] }, { accepted: ['steps', 'tasks'] }] },
    },
    answers: [{ blanks: ['Goal', 'steps'] }, { blanks: ['goal', 'ideas'] }],
  },
  {
    title: 'One word',
    prompt: '<p>What do you call a small version of a product built to test an idea?</p>',
    points: 1,
    content: { type: 'short_answer', body: {}, key: { mode: 'auto', accepted: ['prototype', 'MVP'] } },
    answers: [{ text: 'prototype' }, { text: 'draft' }],
  },
  {
    title: 'Your project',
    prompt: '<p>Describe the project you will build in the practice section, in a few sentences.</p>',
    points: 4,
    content: { type: 'essay', body: { wordLimit: 200 }, key: {} },
    answers: [null, { html: '<p>A small site that lists the books I read this year, with a short note for each.</p>' }],
  },
  {
    title: 'Match the words',
    prompt: '<p>Match each word with what it means.</p>',
    points: 2,
    content: {
      type: 'matching',
      body: {
        prompts: [
          { id: 'p1', text: 'Goal' },
          { id: 'p2', text: 'Step' },
        ],
        options: [
          { id: 'o1', text: 'Where you want to end up' },
          { id: 'o2', text: 'One thing to do next' },
          { id: 'o3', text: 'A tool you use' },
        ],
      },
      key: { pairs: { p1: 'o1', p2: 'o2' } },
    },
    answers: [{ pairs: { p1: 'o1', p2: 'o2' } }, { pairs: { p1: 'o1', p2: 'o3' } }],
  },
  {
    title: 'In what order?',
    prompt: '<p>Put the steps of a small project in order.</p>',
    points: 3,
    content: {
      type: 'ordering',
      body: {
        items: [
          { id: 'plan', text: 'Plan' },
          { id: 'build', text: 'Build' },
          { id: 'test', text: 'Test' },
          { id: 'share', text: 'Share' },
        ],
      },
      key: { order: ['plan', 'build', 'test', 'share'] },
    },
    answers: [{ order: ['plan', 'build', 'test', 'share'] }, { order: ['plan', 'test', 'build', 'share'] }],
  },
  {
    title: 'Time box',
    prompt: '<p>How many minutes are in a 2.5-hour work session?</p>',
    points: 1,
    content: { type: 'numeric', body: { unit: 'min' }, key: { answers: [{ value: 150, tolerance: 0 }] } },
    answers: [{ value: 150 }, { value: 120 }],
  },
  {
    // A description item (ADR 051): text between questions, 0 points, no answer.
    title: 'Before you submit',
    prompt: '<p>Read your answers once more: you can still change any of them until you submit.</p>',
    points: 0,
    content: { type: 'description', body: {}, key: {} },
    answers: [null, null],
  },
];

/**
 * Adds the demo quiz at the end of a section: bank questions of every type, the published assessment item
 * (not required, so seeded progress stays as it was) and a submitted attempt of each of the given students.
 */
export async function seedDemoQuiz(
  tx: Db,
  target: {
    courseId: string;
    sectionId: string;
    position: number;
    teacherId: string;
    studentIds: string[];
    now: number;
  },
): Promise<string> {
  const rows = await tx
    .insert(questions)
    .values(
      DEMO_QUIZ.map((q) => {
        const content = QuestionContentSchema.parse(q.content);
        return {
          courseId: target.courseId,
          type: content.type as QuestionType,
          title: q.title,
          prompt: q.prompt,
          body: content.body,
          key: content.key,
          points: q.points,
          tags: ['basics'],
          feedback: QuestionFeedbackSchema.parse(q.feedback ?? {}),
          createdBy: target.teacherId,
        };
      }),
    )
    .returning();
  const [item] = await tx
    .insert(courseItems)
    .values({
      courseId: target.courseId,
      sectionId: target.sectionId,
      position: target.position,
      kind: 'assessment',
      title: 'Check your understanding',
      published: true,
      required: false,
      durationMinutes: 20,
    })
    .returning();
  const [assessment] = await tx
    .insert(assessments)
    .values({
      itemId: item!.id,
      courseId: target.courseId,
      kind: 'quiz',
      instructions:
        '<p>Eight short questions, one of each kind. You have 20 minutes and three attempts; your best one counts.</p>',
      points: 100,
      passingPercent: 60,
      timeLimitMinutes: 20,
      attemptsAllowed: 3,
      countingRule: 'highest',
      releaseScore: 'immediately',
      releaseAnswers: 'immediately',
      releaseFeedback: 'immediately',
      requiredForCompletion: 'none',
    })
    .returning();
  const ids = rows.map((row) => row.id);
  await tx.insert(assessmentParts).values({ assessmentId: item!.id, position: 0, mode: 'fixed', questionIds: ids });
  const hour = 60 * 60 * 1000;
  for (const [k, studentId] of target.studentIds.slice(0, 2).entries()) {
    const startedAt = new Date(target.now - (k + 1) * 24 * hour);
    const [attempt] = await tx
      .insert(attempts)
      .values({
        assessmentId: item!.id,
        courseId: target.courseId,
        studentId,
        number: 1,
        startedAt,
        deadlineAt: new Date(startedAt.getTime() + 20 * 60 * 1000),
        questionIds: ids,
        seed: 1000 + k,
        savesCount: DEMO_QUIZ.length + k,
        ip: '192.0.2.10',
      })
      .returning();
    const answered = DEMO_QUIZ.flatMap((q, i) => {
      const response = q.answers[k as 0 | 1];
      return response === null ? [] : [{ attemptId: attempt!.id, questionId: ids[i]!, response, updatedAt: startedAt }];
    });
    await tx.insert(attemptAnswers).values(answered);
    await gradeAnswers(tx, attempt!);
    await finalizeAttempt(tx, attempt!, assessment!, new Date(startedAt.getTime() + 12 * 60 * 1000));
  }
  return item!.id;
}
