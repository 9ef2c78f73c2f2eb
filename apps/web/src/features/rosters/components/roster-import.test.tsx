import type { RosterImport } from '@lyceum/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import spanish from '../locales/es.json';
import { RosterImportFlow } from './roster-import';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const zero = { create: 0, update: 0, unchanged: 0, remove: 0 };
const PREVIEW: RosterImport = {
  id: '00000000-0000-4000-8000-000000000001',
  format: 'oneroster',
  mode: 'bulk',
  status: 'preview',
  sendPasswordMail: false,
  total: 9,
  processed: 0,
  preview: {
    users: { ...zero, create: 3, unchanged: 1 },
    classes: { ...zero, create: 2 },
    enrolments: { ...zero, create: 4 },
    refusedCount: 25,
    refused: Array.from({ length: 25 }, (_, i) => ({ file: 'users.csv', line: i + 2, reason: `bad row ${i + 2}` })),
  },
  classes: [
    { sourcedId: 'c-a', title: 'Algebra 1A', teacherSourcedId: 't1', classId: null, courseIds: [] },
    { sourcedId: 'c-b', title: 'Algebra 1B', teacherSourcedId: 't2', classId: null, courseIds: [] },
  ],
  classCount: 2,
  teachers: [
    {
      sourcedId: 't1',
      name: 'Grace Hopper',
      email: 'grace@school.example',
      userId: '00000000-0000-4000-8000-0000000000aa',
      courses: [{ id: '00000000-0000-4000-8000-0000000000c1', title: 'Algebra', status: 'published' }],
    },
    { sourcedId: 't2', name: 'Alan Turing', email: 'alan@school.example', userId: null, courses: [] },
  ],
  result: null,
  error: null,
  createdAt: '2026-12-07T10:00:00Z',
  finishedAt: null,
};

/** The roster routes: the upload answers the preview; after apply, the import is running once, then done. */
function rosterServer() {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  let polls = 0;
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body });
    if (method === 'POST' && url === '/api/admin/rosters/imports?format=oneroster') return json(201, PREVIEW);
    if (method === 'POST' && url.endsWith('/apply')) return json(202, { ...PREVIEW, status: 'queued' });
    if (method === 'GET' && url === `/api/admin/rosters/imports/${PREVIEW.id}`) {
      polls += 1;
      return polls === 1
        ? json(200, { ...PREVIEW, status: 'running', processed: 4 })
        : json(200, {
            ...PREVIEW,
            status: 'done',
            processed: 9,
            finishedAt: '2026-12-07T10:01:00Z',
            result: { ...PREVIEW.preview, users: { ...zero, create: 3, unchanged: 1 } },
          });
    }
    return json(404, { message: `no route ${method} ${url}` });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const zip = () => new File(['PK'], 'roster.zip', { type: 'application/zip' });
/** Mantine's FileInput: a button named by the label, over a hidden file input. */
const fileInput = (container: HTMLElement) => container.querySelector<HTMLInputElement>('input[type="file"]')!;

describe('the roster import', () => {
  it('uploads, shows the counts and pages the refused rows, links classes to courses, applies and shows the result', async () => {
    const calls = rosterServer();
    const user = userEvent.setup();
    const { container } = renderWithApp(<RosterImportFlow />);
    expect(screen.getByRole('button', { name: 'File' })).toBeInTheDocument();
    await user.upload(fileInput(container), zip());
    await user.click(screen.getByRole('button', { name: 'Upload and preview' }));

    // Focus moves to the preview's heading.
    const heading = await screen.findByRole('heading', { name: 'Preview: nothing has changed yet' });
    await waitFor(() => expect(heading).toHaveFocus());
    const counts = screen.getByRole('table', { name: 'What the import will do' });
    const users = within(counts).getByRole('row', { name: /Users/ });
    expect(
      within(users)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['3', '0', '1', '0']);

    // 25 refused rows, 20 a page.
    expect(screen.getByRole('heading', { name: '25 rows refused' })).toBeInTheDocument();
    const refused = screen.getByRole('table', { name: 'Refused rows, page 1 of 2' });
    expect(within(refused).getAllByRole('row')).toHaveLength(21);
    await user.click(within(screen.getByRole('navigation', { name: 'Pages of refused rows' })).getByText('2'));
    const second = screen.getByRole('table', { name: 'Refused rows, page 2 of 2' });
    expect(within(second).getAllByRole('row').slice(1)[0]).toHaveTextContent('users.csv22bad row 22');

    // Grace's class gets her course; Alan is new, so only a new draft course can be chosen for his.
    const algebraA = screen.getByRole('combobox', { name: 'Course for Algebra 1A' });
    expect(
      within(algebraA)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['No course', 'Algebra', 'Create a draft course']);
    await user.selectOptions(algebraA, 'Algebra');
    const algebraB = screen.getByRole('combobox', { name: 'Course for Algebra 1B' });
    expect(within(algebraB).getAllByRole('option')).toHaveLength(2);
    await user.selectOptions(algebraB, 'Create a draft course');
    await user.click(screen.getByRole('checkbox', { name: /set their password/ }));
    await user.click(screen.getByRole('button', { name: 'Apply the import' }));

    const result = await screen.findByRole('heading', { name: 'Import applied' }, { timeout: 5_000 });
    await waitFor(() => expect(result).toHaveFocus());
    expect(screen.getByText('9 of 9 rows applied')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'What the import did' })).toBeInTheDocument();
    const apply = calls.find((call) => call.url.endsWith('/apply'));
    expect(apply?.body).toEqual({
      sendPasswordMail: true,
      courses: [
        { classSourcedId: 'c-a', courseId: '00000000-0000-4000-8000-0000000000c1' },
        { classSourcedId: 'c-b', courseId: 'new' },
      ],
    });
  });

  it("shows the server's reason when the file is refused, in Spanish", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () =>
        json(400, { statusCode: 400, error: 'Bad Request', message: 'The zip has no manifest.csv' }),
      ),
    );
    const user = userEvent.setup();
    const { container } = renderWithApp(<RosterImportFlow />, { locale: 'es', messages: spanish });
    await user.upload(fileInput(container), zip());
    await user.click(screen.getByRole('button', { name: 'Subir y ver la vista previa' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Se rechazó la lista');
    expect(alert).toHaveTextContent('The zip has no manifest.csv');
  });
});
