import type { Course, CoursePage } from '@lyceum/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { excerptOf, htmlToText } from '../src/features/courses/sanitize.js';
import { createCourse } from './course-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

const ctx = useTestApp();
let teacher: TestUser;

beforeAll(async () => {
  teacher = await createUser(ctx, 'teacher');
});

const abouts: [string, string][] = [
  ['paragraphs and a list', '<h2>Start</h2><p>One&nbsp;two</p><ul><li>Three</li><li>Four</li></ul>'],
  ['escaped markup and quotes', '<p>Use &lt;div&gt; &amp; "quotes" and it\'s fine</p>'],
  ['a long text cut at a word', `<p>${'Watercolour washes layer light over light. '.repeat(12)}</p>`],
  ['a long word with no space to cut at', `<p>${'x'.repeat(260)}</p>`],
  [
    'line breaks and a link',
    '<p>First<br>second <a href="https://example.com">link</a></p><blockquote>Quote</blockquote>',
  ],
  ['nothing', ''],
];

describe("a course card's excerpt", () => {
  it.each(abouts)('is derived once at write time, as the text rules say (%s)', async (_name, aboutHtml) => {
    const created = await createCourse(ctx, teacher.token, {
      title: `Excerpt ${Math.random()}`,
      category: 'Design',
      aboutHtml,
    });
    const own = await ctx.app.inject({
      method: 'GET',
      url: '/api/teacher/courses?pageSize=100',
      headers: bearer(teacher.token),
    });
    const card = own.json<CoursePage>().items.find((item) => item.id === created.id)!;
    expect(card.excerpt).toBe(excerptOf(htmlToText(created.aboutHtml)));

    // An edit re-derives it.
    const edited = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/courses/${created.id}`,
      headers: bearer(teacher.token),
      payload: { aboutHtml: `<p>Edited: ${aboutHtml.length} characters before</p>` },
    });
    const course = edited.json<Course>();
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/api/teacher/courses?pageSize=100',
      headers: bearer(teacher.token),
    });
    expect(again.json<CoursePage>().items.find((item) => item.id === created.id)!.excerpt).toBe(
      excerptOf(htmlToText(course.aboutHtml)),
    );
  });
});
