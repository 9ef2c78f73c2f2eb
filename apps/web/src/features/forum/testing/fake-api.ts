import type { Answer, PublicUser, Question, QuestionDetail } from '@lyceum/contract';
import { vi } from 'vitest';
import { STUDENT } from '@/test/tokens';

/** The logged-in test student as the forum shows authors. */
export const ME: PublicUser = {
  id: STUDENT.id,
  firstname: STUDENT.firstname,
  lastname: STUDENT.lastname,
  username: STUDENT.username,
  profileImage: null,
  role: 'student',
};

export const TEACHER: PublicUser = {
  id: '0b7d3c1e-2f4a-4b5c-9d6e-7f8091a2b3c4',
  firstname: 'Grace',
  lastname: 'Hopper',
  username: 'grace.teacher',
  profileImage: 'grace.webp',
  role: 'teacher',
};

export function makeQuestion(overrides: Partial<Question> = {}): Question {
  return {
    id: '3f2e1d0c-9b8a-4c7d-8e6f-5a4b3c2d1e0f',
    question: 'What is the difference between let and const?',
    description: 'Line one\nLine two',
    tags: ['javascript'],
    author: TEACHER,
    authorRole: 'teacher',
    voteScore: 0,
    myVote: 0,
    answerCount: 0,
    acceptedAnswerId: null,
    createdAt: '2026-11-22T16:05:00.000Z',
    updatedAt: '2026-11-22T16:05:00.000Z',
    ...overrides,
  };
}

export function makeAnswer(overrides: Partial<Answer> = {}): Answer {
  return {
    id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    questionId: makeQuestion().id,
    answer: 'Use const by default.',
    author: TEACHER,
    authorRole: 'teacher',
    voteScore: 0,
    myVote: 0,
    accepted: false,
    createdAt: '2026-11-22T17:00:00.000Z',
    updatedAt: '2026-11-22T17:00:00.000Z',
    ...overrides,
  };
}

export function makeDetail(overrides: Partial<QuestionDetail> = {}): QuestionDetail {
  return { ...makeQuestion(), answers: [], ...overrides };
}

export function jsonResponse(status: number, body?: unknown): Response {
  if (body === undefined) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

type Handler = (call: RecordedCall) => Response | Promise<Response>;

/**
 * Stubs `fetch` with handlers keyed "METHOD /path" (the path without its query string); records every call.
 * An unhandled call fails the test loudly instead of hanging it.
 */
export function fakeApi(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { method, path: `${url.pathname}${url.search}`, body };
    calls.push(call);
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) throw new Error(`unexpected ${method} ${url.pathname}`);
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
