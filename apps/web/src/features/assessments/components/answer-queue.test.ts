import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnswerQueue, SAVE_DELAY_MS, type SaveState } from './use-answer-saver';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const saved = (questionId: string) =>
  json(200, { questionId, savedAt: new Date().toISOString(), savesCount: 1, remainingSeconds: 600 });

function queue() {
  const states: Record<string, SaveState> = {};
  const problems: (string | null)[] = [];
  const refused = vi.fn();
  const q = new AnswerQueue('a1', {
    state: (id, state) => {
      states[id] = state;
    },
    problem: (message) => problems.push(message),
  });
  q.setHandlers({ saved: () => {}, refused });
  return { q, states, problems, refused };
}

/** The bodies sent, as `questionId → response`. */
function sent(fetchMock: { mock: { calls: unknown[][] } }) {
  return fetchMock.mock.calls.map(([url, init]) => [
    String(url).split('/').at(-1),
    (JSON.parse(String((init as RequestInit).body)) as { response: unknown }).response,
  ]);
}

describe('answer queue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends a question’s latest response once typing pauses, not every keystroke', async () => {
    const fetchMock = vi.fn((url: string, _init?: RequestInit) => Promise.resolve(saved(url.split('/').at(-1)!)));
    vi.stubGlobal('fetch', fetchMock);
    const { q, states } = queue();
    q.change('q1', { text: 'm' });
    q.change('q1', { text: 'mi' });
    q.change('q1', { text: 'mit' });
    expect(states.q1).toBe('pending');
    expect(q.hasUnsaved()).toBe(true);
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect(sent(fetchMock)).toEqual([['q1', { text: 'mit' }]]);
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'PUT' });
    expect(states.q1).toBe('saved');
    expect(q.hasUnsaved()).toBe(false);
  });

  it('flush sends every waiting answer at once (before submitting), null for a cleared one', async () => {
    const fetchMock = vi.fn((url: string, _init?: RequestInit) => Promise.resolve(saved(url.split('/').at(-1)!)));
    vi.stubGlobal('fetch', fetchMock);
    const { q } = queue();
    q.change('q1', { answer: true });
    q.change('q2', null);
    await q.flush();
    expect(sent(fetchMock)).toEqual([
      ['q1', { answer: true }],
      ['q2', null],
    ]);
  });

  it('retries after a network failure, and reports a refusal (4xx) without retrying', async () => {
    const fetchMock = vi
      .fn<(url: string, init?: RequestInit) => Promise<Response>>()
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockResolvedValueOnce(saved('q1'))
      .mockResolvedValueOnce(
        json(409, { statusCode: 409, error: 'Conflict', message: 'The time for this attempt is over' }),
      );
    vi.stubGlobal('fetch', fetchMock);
    const { q, states, problems, refused } = queue();
    q.change('q1', { text: 'a' });
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect(states.q1).toBe('error');
    expect(problems.at(-1)).toMatch(/check your connection/);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(states.q1).toBe('saved');
    expect(fetchMock).toHaveBeenCalledTimes(2);

    q.change('q1', { text: 'ab' });
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect(states.q1).toBe('error');
    expect(problems.at(-1)).toBe('The time for this attempt is over');
    expect(refused).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
