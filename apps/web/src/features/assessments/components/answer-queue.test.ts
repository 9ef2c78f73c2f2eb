import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryAnswerStore, type AnswerStore } from './answer-store';
import { AnswerQueue, RETRY_DELAYS_MS, SAVE_DELAY_MS, type SaveState } from './use-answer-saver';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const saved = (questionId: string) =>
  json(200, { questionId, savedAt: new Date().toISOString(), savesCount: 1, remainingSeconds: 600, applied: true });

function queue(store: AnswerStore = memoryAnswerStore()) {
  const states: Record<string, SaveState> = {};
  const problems: (string | null)[] = [];
  const refused = vi.fn();
  const q = new AnswerQueue(
    'a1',
    {
      state: (id, state) => {
        states[id] = state;
      },
      problem: (error) => problems.push(error?.serverMessage ?? null),
    },
    // The longest wait of each backoff step, so a test's clock knows when the next try is.
    { store, random: () => 1 },
  );
  q.setHandlers({ saved: () => {}, refused });
  return { q, states, problems, refused, store };
}

/** The bodies sent, as `questionId → response`. */
function sent(fetchMock: { mock: { calls: unknown[][] } }) {
  return fetchMock.mock.calls.map(([url, init]) => [
    String(url).split('/').at(-1),
    (JSON.parse(String((init as RequestInit).body)) as { response: unknown }).response,
  ]);
}

const seqs = (fetchMock: { mock: { calls: unknown[][] } }) =>
  fetchMock.mock.calls.map(([, init]) => (JSON.parse(String((init as RequestInit).body)) as { seq: number }).seq);

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
    // Not an error: kept, and tried again after the first backoff step.
    expect(states.q1).toBe('waiting');
    expect(q.status()).toEqual({ unconfirmed: 1, offline: true });
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0]);
    expect(states.q1).toBe('saved');
    expect(fetchMock).toHaveBeenCalledTimes(2);

    q.change('q1', { text: 'ab' });
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect(states.q1).toBe('error');
    expect(problems.at(-1)).toBe('The time for this attempt is over');
    expect(q.status()).toEqual({ unconfirmed: 0, offline: false });
    expect(refused).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('keeps 20 answers given offline, probes with one request per backoff step, then sends them all in order', async () => {
    let online = false;
    const fetchMock = vi.fn((url: string, _init?: RequestInit) =>
      online ? Promise.resolve(saved(url.split('/').at(-1)!)) : Promise.reject(new TypeError('Failed to fetch')),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { q, states, store } = queue();
    q.change('q0', { text: 'first' });
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect(q.status()).toEqual({ unconfirmed: 1, offline: true });
    for (let k = 1; k < 20; k += 1) q.change(`q${k}`, { text: `answer ${k}` });
    // Offline, a new answer is not sent on its own: it waits with the others, never shown as saved.
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(Object.values(states).every((state) => state === 'waiting')).toBe(true);
    expect(Object.keys(await store.read('a1'))).toHaveLength(20);
    // Two minutes offline: one probe per backoff step (1, 2, 4, 8, 15, 30, 30, 30 s), not 20 requests each time.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetchMock.mock.calls.length).toBeLessThanOrEqual(10);
    expect(q.status()).toEqual({ unconfirmed: 20, offline: true });

    online = true;
    const before = fetchMock.mock.calls.length;
    q.retryNow();
    await vi.advanceTimersByTimeAsync(0);
    const after = { mock: { calls: fetchMock.mock.calls.slice(before) } };
    expect(sent(after).map(([id]) => id)).toEqual(Array.from({ length: 20 }, (_, k) => `q${k}`));
    expect(seqs(after)).toEqual([...seqs(after)].sort((a, b) => a - b));
    expect(Object.values(states).every((state) => state === 'saved')).toBe(true);
    expect(q.status()).toEqual({ unconfirmed: 0, offline: false });
    expect(await store.read('a1')).toEqual({});
  });

  it('sends on opening what an earlier page kept (a tab closed offline), and flush fails while offline', async () => {
    const store = memoryAnswerStore();
    await store.put('a1', 'q1', { response: { text: 'kept' }, seq: 5 });
    await store.put('a1', 'q2', { response: { answer: true }, seq: 7 });
    let online = false;
    const fetchMock = vi.fn((url: string, _init?: RequestInit) =>
      online ? Promise.resolve(saved(url.split('/').at(-1)!)) : Promise.reject(new TypeError('Failed to fetch')),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { q } = queue(store);
    expect(await q.restore()).toEqual({
      q1: { response: { text: 'kept' }, seq: 5 },
      q2: { response: { answer: true }, seq: 7 },
    });
    await vi.advanceTimersByTimeAsync(0);
    await expect(q.flush()).rejects.toMatchObject({ status: 0 });
    expect(q.hasUnsaved()).toBe(true);
    // A later change in this page takes a higher number than the kept ones.
    q.change('q1', { text: 'newer' });
    online = true;
    await q.flush();
    const last = fetchMock.mock.calls.slice(-2);
    expect(sent({ mock: { calls: last } })).toEqual([
      ['q1', { text: 'newer' }],
      ['q2', { answer: true }],
    ]);
    expect(seqs({ mock: { calls: last } })[0]).toBeGreaterThan(7);
    expect(await store.read('a1')).toEqual({});
  });
});
