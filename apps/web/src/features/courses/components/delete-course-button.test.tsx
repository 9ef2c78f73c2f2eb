import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { DeleteCourseButton } from './delete-course-button';

const COURSE_ID = '00000000-0000-4000-8000-000000000001';

afterEach(() => vi.unstubAllGlobals());

function stubDelete() {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
      if (init?.method !== 'DELETE') throw new Error(`Unexpected request ${init?.method ?? 'GET'} ${url}`);
      urls.push(url);
      return new Response(null, { status: 204 });
    }),
  );
  return urls;
}

describe('delete course button', { timeout: 15_000 }, () => {
  it('names how many enrolled students lose the course, and confirms the delete for them', async () => {
    const urls = stubDelete();
    const onDeleted = vi.fn();
    const user = userEvent.setup();
    renderWithApp(
      <DeleteCourseButton courseId={COURSE_ID} title="Etching" enrolledCount={1234} onDeleted={onDeleted} />,
    );

    await user.click(screen.getByRole('button', { name: 'Delete Etching' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this course?' });
    expect(within(dialog).getByText('1,234 students are enrolled in this course and will lose it.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete this course' }));

    await vi.waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(urls).toEqual([`/api/courses/${COURSE_ID}?confirm=true`]);
  });

  it('says nothing about students when nobody is enrolled', async () => {
    stubDelete();
    const user = userEvent.setup();
    renderWithApp(<DeleteCourseButton courseId={COURSE_ID} title="Woodcut" enrolledCount={0} />);
    await user.click(screen.getByRole('button', { name: 'Delete Woodcut' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this course?' });
    expect(within(dialog).queryByText(/enrolled/)).not.toBeInTheDocument();
  });
});
