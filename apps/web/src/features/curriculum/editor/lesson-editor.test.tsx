import type { Lesson } from '@lyceum/contract';
import { CURRICULUM_MESSAGES } from '@lyceum/contract/constants';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { attachmentSizeProblem, LessonEditor } from './lesson-editor';

const COURSE_ID = '00000000-0000-4000-8000-000000000001';
const LESSON_ID = '00000000-0000-4000-8000-000000000002';

const lesson = (version: number, title: string): Lesson => ({
  id: LESSON_ID,
  courseId: COURSE_ID,
  sectionId: '00000000-0000-4000-8000-000000000003',
  kind: 'lesson',
  title,
  bodyHtml: '',
  videoLink: '',
  durationMinutes: 10,
  preview: false,
  published: false,
  required: true,
  version,
  attachments: [],
  completed: false,
  updatedAt: '2026-11-24T06:00:00.000Z',
});

afterEach(() => vi.unstubAllGlobals());

/** The server as two tabs see it: another tab saved version 2 after this one read version 1. */
function stubServer() {
  const patches: { version: number; title?: string }[] = [];
  let current = lesson(1, 'Kneading');
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (_input, init) => {
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (!init?.method || init.method === 'GET') {
        const read = current;
        // Right after this tab's first read, another tab saves version 2.
        if (read.version === 1) current = lesson(2, 'Kneading by hand');
        return json(200, read);
      }
      const body = JSON.parse(String(init.body)) as { version: number; title?: string };
      patches.push(body);
      if (body.version !== current.version) return json(409, { message: CURRICULUM_MESSAGES.conflict });
      current = { ...current, ...body, version: current.version + 1 };
      return json(200, current);
    }),
  );
  return patches;
}

describe('lesson editor', { timeout: 20_000 }, () => {
  it('shows a conflict instead of overwriting another tab, and saves over it only when asked', async () => {
    const patches = stubServer();
    const user = userEvent.setup();
    renderWithApp(<LessonEditor courseId={COURSE_ID} lessonId={LESSON_ID} />);
    const title = await screen.findByRole('textbox', { name: /Lesson title/ });
    await user.clear(title);
    await user.type(title, 'Kneading, slowly');
    await user.click(screen.getByRole('button', { name: 'Save now' }));
    // This tab read version 1; the other tab's save made it 2: the save is refused, nothing overwritten.
    expect(await screen.findByRole('alert')).toHaveTextContent(CURRICULUM_MESSAGES.conflict);
    expect(screen.getByTestId('save-status')).toHaveTextContent('Not saved: someone else saved first');
    expect(title).toHaveValue('Kneading, slowly');

    await user.click(screen.getByRole('button', { name: 'Keep my version' }));
    await waitFor(() => expect(screen.getByTestId('save-status')).toHaveTextContent(/All changes saved/));
    expect(patches).toEqual([
      { version: 1, title: 'Kneading, slowly' },
      { version: 2, title: 'Kneading, slowly' },
    ]);
  });

  it('refuses a file over 20 MB before sending it, saying why', () => {
    const big = new File([new Uint8Array(21 * 1024 * 1024)], 'lecture.pdf', { type: 'application/pdf' });
    expect(attachmentSizeProblem(big)).toBe(`“lecture.pdf” is 21.0 MB. ${CURRICULUM_MESSAGES.attachmentTooLarge}.`);
    expect(attachmentSizeProblem(new File(['%PDF'], 'notes.pdf'))).toBeNull();
  });
});
