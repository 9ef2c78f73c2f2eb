import type { DemoCourse } from './data.js';

export interface DemoLesson {
  title: string;
  bodyHtml: string;
  durationMinutes: number;
  preview: boolean;
}

export interface DemoSection {
  title: string;
  summary: string;
  lessons: DemoLesson[];
}

const p = (...paragraphs: string[]) => paragraphs.map((text) => `<p>${text}</p>`).join('');
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A demo course's curriculum, built from what the course promises: a welcome section with a free preview lesson,
 * one lesson per "what you will learn" point, and a practice section. Real sections and lessons, so a newcomer
 * sees the outline, the player and progress working on the first start.
 */
export function demoCurriculum(course: DemoCourse): DemoSection[] {
  const title = escape(course.title);
  const learn = course.learn.map(escape);
  const materials = course.materials.map(escape);
  const requirements = course.requirements.map(escape);
  return [
    {
      title: 'Getting started',
      summary: `What ${title} covers and how to get the most out of it.`,
      lessons: [
        {
          title: `Welcome to ${course.title}`,
          preview: true,
          durationMinutes: 5,
          bodyHtml:
            p(
              `Welcome! In this course you will ${learn.map((l) => l.charAt(0).toLowerCase() + l.slice(1)).join(', ')}.`,
              'Each lesson is short and ends with something to try on your own. Mark a lesson as complete when you are done: your progress and the place to continue are saved for you.',
            ) + `<h2>What you need</h2><ul>${requirements.map((r) => `<li>${r}</li>`).join('')}</ul>`,
        },
        {
          title: 'How this course works',
          preview: false,
          durationMinutes: 4,
          bodyHtml:
            p(
              'Lessons build on each other, so work through them in order. Use the outline to jump back to anything you want to revisit.',
              'Questions are welcome in the forum: tag them with the course topic and the teacher and other students will help.',
            ) + `<h2>Included</h2><ul>${materials.map((m) => `<li>${m}</li>`).join('')}</ul>`,
        },
      ],
    },
    {
      title: 'Core skills',
      summary: 'The heart of the course, one skill per lesson.',
      lessons: course.learn.map((point, i) => ({
        title: point,
        preview: false,
        durationMinutes: 12 + ((i * 7) % 10),
        bodyHtml:
          p(
            `This lesson is about one goal: ${learn[i]!.charAt(0).toLowerCase() + learn[i]!.slice(1)}.`,
            'First we look at the idea and why it matters, then at a worked example, and finally at the mistakes people most often make.',
          ) +
          '<h2>Try it yourself</h2>' +
          p('Before you mark this lesson complete, repeat the example on your own and change one thing about it.'),
      })),
    },
    {
      title: 'Practice and next steps',
      summary: 'Put it together and plan what comes next.',
      lessons: [
        {
          title: 'Practice project',
          preview: false,
          durationMinutes: 25,
          bodyHtml: p(
            'Time to combine everything in one small project. Pick a topic you care about, plan it in three steps and build it using the skills of the previous section.',
            'Share the result in the forum if you like: feedback from others is the fastest way to improve.',
          ),
        },
        {
          title: 'Review and next steps',
          preview: false,
          durationMinutes: 6,
          bodyHtml: p(
            `You have reached the end of ${title}. Look back at the skills you practised and choose one to deepen next.`,
            'Thank you for learning with us.',
          ),
        },
      ],
    },
  ];
}
