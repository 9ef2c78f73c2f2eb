import type { Curriculum, EnrolmentItem, EnrolmentPage, OutlineItem, TokenUser } from '@lyceum/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionOf } from '@/features/forum/testing/session';
import { makeCourseCard } from '@/test/courses';
import { renderWithApp } from '@/test/render';
import { STUDENT } from '@/test/tokens';
import { ContinueLearningCard } from './continue-learning-card';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const enrolment: EnrolmentItem = {
  courseId: '4a1c9e3b-2d6f-4b8a-9c0e-1f2a3b4c5d6e',
  status: 'active',
  progressPercent: 0,
  completedItems: 0,
  totalItems: 0,
  lastItemId: null,
  enrolledAt: '2026-03-05T12:00:00.000Z',
  completedAt: null,
  course: makeCourseCard({
    title: 'Acting for the Camera',
    category: 'Acting',
    excerpt: 'Small gestures for a big screen.',
    enrolledCount: 3,
  }),
};

const pageOf = (items: EnrolmentItem[]): EnrolmentPage => ({
  items,
  page: 1,
  pageSize: 1,
  total: items.length,
  lastPage: Math.max(1, items.length),
});

afterEach(() => vi.unstubAllGlobals());

describe('the home page course-progress card', () => {
  it("shows a student's most recent active enrolment with a way back into it, and no made-up progress", async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(jsonResponse(200, pageOf([enrolment])));
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(<ContinueLearningCard />, { auth: sessionOf() });

    expect(screen.getByRole('status')).toHaveTextContent('Loading your latest course');
    const card = await screen.findByRole('group', { name: 'Continue learning' });
    expect(card).toHaveTextContent('Acting for the Camera');
    expect(card).toHaveTextContent('Instructor: Grace Hopper · Enrolled on 5 March 2026');
    expect(screen.getByText('5 March 2026')).toHaveAttribute('datetime', '2026-03-05T12:00:00.000Z');
    expect(screen.getByRole('link', { name: 'Continue the course Acting for the Camera' })).toHaveAttribute(
      'href',
      `/course-details/${enrolment.courseId}`,
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/%|Lesson \d/);

    const url = String(fetchMock.mock.calls[0]![0]);
    expect(url).toContain('/api/student/enrolments?status=active&page=1&pageSize=1');
  });

  it('says "Lesson N of M" counting only the lessons progress counts (not an optional quiz)', async () => {
    const item = (id: string, kind: OutlineItem['kind'], required = true): OutlineItem => ({
      id,
      kind,
      title: id,
      durationMinutes: 10,
      preview: false,
      required,
      published: true,
      version: 1,
      locked: false,
      lockReason: null,
      blockedBy: null,
      completed: false,
    });
    const ids = ['1', '2', '3', '4'].map((n) => `00000000-0000-4000-8000-00000000000${n}`);
    const curriculum: Curriculum = {
      courseId: enrolment.courseId,
      sequential: false,
      sections: [
        {
          id: '00000000-0000-4000-8000-0000000000a1',
          title: 'Start',
          summary: '',
          version: 1,
          items: [item(ids[0]!, 'lesson'), item(ids[1]!, 'assessment', false), item(ids[2]!, 'lesson')],
        },
        {
          id: '00000000-0000-4000-8000-0000000000a2',
          title: 'End',
          summary: '',
          version: 1,
          items: [item(ids[3]!, 'lesson')],
        },
      ],
      lessonCount: 3,
      totalMinutes: 40,
      viewer: {
        canEdit: false,
        enrolled: true,
        progress: { completedItems: 1, totalItems: 3, percent: 33, status: 'active', completedAt: null },
        resumeItemId: ids[2]!,
      },
    };
    const withLessons = { ...enrolment, completedItems: 1, totalItems: 3, progressPercent: 33 };
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockImplementation(async (input) =>
        String(input).includes('/curriculum')
          ? jsonResponse(200, curriculum)
          : jsonResponse(200, pageOf([withLessons])),
      );
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(<ContinueLearningCard />, { auth: sessionOf() });
    // The third outline item is the second of the three lessons progress counts.
    expect(await screen.findByText('Lesson 2 of 3 · 33% complete')).toBeInTheDocument();
  });

  it('shows nothing to a student with no active enrolment', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(jsonResponse(200, pageOf([])));
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(<ContinueLearningCard />, { auth: sessionOf() });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await vi.waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.queryByText('Continue learning')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows nothing, and asks nothing, for visitors, teachers and admins', () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    const others: (TokenUser | null)[] = [null, { ...STUDENT, role: 'teacher' }, { ...STUDENT, role: 'admin' }];
    for (const user of others) {
      const { unmount } = renderWithApp(<ContinueLearningCard />, user ? { auth: sessionOf(user) } : {});
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      expect(screen.queryByText('Continue learning')).not.toBeInTheDocument();
      unmount();
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
