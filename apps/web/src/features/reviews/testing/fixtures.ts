import type { CourseReviewPage, Review, Role, StudentReview } from '@lyceum/contract';
import { vi } from 'vitest';
import { LOGGED_OUT, authReducer, type AuthState } from '@/lib/auth/auth-reducer';
import { decodeSessionToken } from '@/lib/auth/token';
import { makeToken, STUDENT } from '@/test/tokens';

// jsdom has no FontFaceSet; Mantine's autosizing Textarea listens on document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

export const COURSE_ID = '3b7f2f0a-6a1e-4c3e-9d55-0c5f7c1a2b3c';

/** A logged-in session of the given role (the test student otherwise). */
export function sessionOf(role: Role): AuthState {
  const payload = decodeSessionToken(makeToken({}, { ...STUDENT, role }));
  if (!payload) throw new Error('test token did not decode');
  return authReducer(LOGGED_OUT, { type: 'login-success', payload });
}

let sequence = 0;
function uuid(): string {
  sequence += 1;
  return `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
}

export function makeReview(overrides: Partial<Review> = {}): Review {
  return {
    id: uuid(),
    courseId: COURSE_ID,
    rating: 4,
    text: 'Clear and practical.',
    student: {
      id: uuid(),
      firstname: 'Grace',
      lastname: 'Lee',
      username: 'grace.lee',
      profileImage: null,
      role: 'student',
    },
    createdAt: '2025-11-20T10:00:00.000Z',
    updatedAt: '2025-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function makeStudentReview(title: string, overrides: Partial<Review> = {}): StudentReview {
  const review = makeReview({ student: { ...makeReview().student, id: STUDENT.id }, ...overrides });
  return { ...review, course: { id: review.courseId, title } };
}

export function reviewPage(items: Review[], summary?: Partial<CourseReviewPage['summary']>): CourseReviewPage {
  return {
    items,
    page: 1,
    pageSize: 10,
    total: summary?.count ?? items.length,
    lastPage: Math.max(1, Math.ceil((summary?.count ?? items.length) / 10)),
    summary: {
      average: null,
      count: 0,
      distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
      ...summary,
    },
  };
}

export function jsonResponse(status: number, body?: unknown): Response {
  if (body === undefined) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

type Handler = (request: { method: string; url: string; body: unknown }) => Response | undefined;

/**
 * Stubs `fetch` (the API client's boundary) with a function of method and URL; records every call.
 * An unhandled request fails the test loudly.
 */
export function mockApi(handler: Handler) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { method, url, body };
    calls.push(call);
    const response = handler(call);
    if (!response) throw new Error(`Unexpected request ${method} ${url}`);
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    count: (method: string, url: string) => calls.filter((c) => c.method === method && c.url.startsWith(url)).length,
  };
}
