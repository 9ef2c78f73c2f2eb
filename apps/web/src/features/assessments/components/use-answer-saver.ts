import type { SaveAnswerResult } from '@lyceum/contract';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { saveAnswer, saveAnswerAtExit } from '../api/take-assessment';
import { browserAnswerStore, type AnswerStore, type QueuedAnswer, type QueuedAnswers } from './answer-store';

/** How long after the last change an answer is sent (typing a word sends once, not per key). */
export const SAVE_DELAY_MS = 700;
/** The waits between tries while the server cannot be reached (each one 50–100 % of this, so a class that lost
 * the network together does not come back in step); the last repeats. */
export const RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000] as const;

/**
 * A question's latest change: given and not yet sent (`pending`), on its way (`saving`), kept in the browser
 * while the server cannot be reached (`waiting`), confirmed by the server (`saved`), refused by it (`error`).
 */
export type SaveState = 'pending' | 'saving' | 'waiting' | 'saved' | 'error';

export interface QueueStatus {
  /** Questions whose latest answer the server has not confirmed yet. */
  unconfirmed: number;
  /** The last try could not reach the server: the answers wait in the browser and are sent when it answers. */
  offline: boolean;
}

interface QueueEvents {
  state: (questionId: string, state: SaveState) => void;
  /** A refusal (4xx) to explain, or null once a save went through. */
  problem: (error: ApiError | null) => void;
  status?: (status: QueueStatus) => void;
}

interface QueueHandlers {
  saved: (result: SaveAnswerResult) => void;
  refused: (error: ApiError) => void;
}

export interface QueueOptions {
  /** Where answers wait until confirmed (IndexedDB in the browser); none keeps them in memory only. */
  store?: AnswerStore | null;
  /** The server's clock minus the browser's (from the attempt's `serverNow`): sequence numbers are server time. */
  clockOffsetMs?: number;
  random?: () => number;
}

/** A failure worth trying again: no answer (offline), a busy or failing server, an expired session (kept). */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return (
    error.status === 0 || error.status === 401 || error.status === 408 || error.status === 429 || error.status >= 500
  );
}

/**
 * The answers of one attempt on their way to the server (ADR 059). Each change gets a sequence number (the time it
 * was given, on the server's clock, rising within the page) and is kept in the store at once; it is sent after a
 * short pause, one request per question at a time, and forgotten only once the server confirmed it. When the
 * server cannot be reached, nothing is lost: the answers wait, one probe is retried with backoff (or at once when
 * the browser says it is online) and a success sends the rest, oldest first. A refusal (4xx) is reported.
 */
export class AnswerQueue {
  private readonly waiting = new Map<string, QueuedAnswer>();
  private readonly sending = new Map<string, QueuedAnswer>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly inFlight = new Map<string, Promise<void>>();
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;
  private offline = false;
  private lastSeq = 0;
  private disposed = false;
  private handlers: QueueHandlers = { saved: () => {}, refused: () => {} };
  private readonly store: AnswerStore | null;
  private readonly clockOffsetMs: number;
  private readonly random: () => number;

  constructor(
    private readonly attemptId: string,
    private readonly events: QueueEvents,
    options: QueueOptions = {},
  ) {
    this.store = options.store ?? null;
    this.clockOffsetMs = options.clockOffsetMs ?? 0;
    this.random = options.random ?? Math.random;
  }

  /** What the page does with a saved answer's result and with a refusal (set after each render). */
  setHandlers(handlers: QueueHandlers): void {
    this.handlers = handlers;
  }

  change(questionId: string, response: unknown): void {
    this.lastSeq = Math.max(Date.now() + this.clockOffsetMs, this.lastSeq + 1);
    const answer = { response, seq: this.lastSeq };
    this.waiting.set(questionId, answer);
    void this.store?.put(this.attemptId, questionId, answer).catch(() => undefined);
    this.events.state(questionId, this.offline ? 'waiting' : 'pending');
    this.report();
    if (!this.offline) this.later(questionId, SAVE_DELAY_MS);
  }

  /**
   * The answers an earlier page of this attempt kept and the server never confirmed (a reload, a tab closed while
   * offline): queued and sent now. Answers them, for the page to show.
   */
  async restore(): Promise<QueuedAnswers> {
    let kept: QueuedAnswers = {};
    try {
      kept = (await this.store?.read(this.attemptId)) ?? {};
    } catch {
      return {};
    }
    const restored: QueuedAnswers = {};
    for (const [questionId, answer] of Object.entries(kept)) {
      const mine = this.waiting.get(questionId) ?? this.sending.get(questionId);
      if (this.disposed || (mine && mine.seq >= answer.seq)) continue;
      this.waiting.set(questionId, answer);
      this.lastSeq = Math.max(this.lastSeq, answer.seq);
      restored[questionId] = answer;
      this.events.state(questionId, 'pending');
    }
    this.report();
    this.sendAll();
    return restored;
  }

  /** Sends every waiting change now and resolves once the server confirmed or refused each; rejects when offline. */
  async flush(): Promise<void> {
    for (;;) {
      for (const timer of this.timers.values()) clearTimeout(timer);
      this.timers.clear();
      const ids = new Set([...this.waiting.keys(), ...this.inFlight.keys()]);
      if (ids.size === 0 || this.disposed) return;
      this.offline = false;
      await Promise.all([...ids].map((id) => this.send(id)));
      if (this.offline) throw new ApiError(0, 'The server could not be reached');
    }
  }

  /** The browser is online again (or the student asked): try at once rather than at the end of the backoff. */
  retryNow(): void {
    if (!this.offline || this.disposed) return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.probe();
  }

  /** The page goes away: every answer not confirmed yet goes out with `keepalive` (it also stays in the store). */
  sendAtExit(): void {
    const latest = new Map([...this.sending, ...this.waiting]);
    for (const [questionId, answer] of latest)
      saveAnswerAtExit(this.attemptId, questionId, answer.response, answer.seq);
  }

  hasUnsaved(): boolean {
    return this.waiting.size > 0 || this.inFlight.size > 0;
  }

  status(): QueueStatus {
    return { unconfirmed: new Set([...this.waiting.keys(), ...this.inFlight.keys()]).size, offline: this.offline };
  }

  /** The page shows the attempt (again, after a dispose: React's development double mount). */
  open(): void {
    this.disposed = false;
  }

  dispose(): void {
    this.disposed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private report(): void {
    this.events.status?.(this.status());
  }

  private later(questionId: string, delay: number): void {
    const timer = this.timers.get(questionId);
    if (timer) clearTimeout(timer);
    this.timers.set(
      questionId,
      setTimeout(() => {
        this.timers.delete(questionId);
        void this.send(questionId);
      }, delay),
    );
  }

  /** Every waiting answer, oldest first (the order they were given). */
  private sendAll(): void {
    const order = [...this.waiting.entries()].sort(([, a], [, b]) => a.seq - b.seq).map(([id]) => id);
    for (const id of order) {
      const timer = this.timers.get(id);
      if (timer) clearTimeout(timer);
      this.timers.delete(id);
      void this.send(id);
    }
  }

  /** One try while offline: the oldest waiting answer; its success sends the others. */
  private probe(): void {
    const oldest = [...this.waiting.entries()].sort(([, a], [, b]) => a.seq - b.seq)[0];
    if (oldest) void this.send(oldest[0]);
    else if (this.inFlight.size === 0) this.backOnline();
  }

  private wentOffline(): void {
    this.offline = true;
    for (const id of this.waiting.keys()) this.events.state(id, 'waiting');
    if (this.retryTimer || this.disposed) return;
    const base = RETRY_DELAYS_MS[Math.min(this.failures, RETRY_DELAYS_MS.length - 1)]!;
    this.failures += 1;
    this.retryTimer = setTimeout(
      () => {
        this.retryTimer = null;
        this.probe();
      },
      Math.round(base * (0.5 + this.random() / 2)),
    );
  }

  private backOnline(): void {
    const was = this.offline;
    this.offline = false;
    this.failures = 0;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (was) this.sendAll();
  }

  private forget(questionId: string, seq: number): void {
    void this.store?.remove(this.attemptId, questionId, seq).catch(() => undefined);
  }

  private send(questionId: string): Promise<void> {
    const running = this.inFlight.get(questionId);
    if (running) return running.then(() => this.send(questionId));
    const answer = this.waiting.get(questionId);
    if (!answer || this.disposed) return Promise.resolve();
    this.waiting.delete(questionId);
    this.sending.set(questionId, answer);
    this.events.state(questionId, 'saving');
    const request = saveAnswer(this.attemptId, questionId, answer.response, answer.seq).then(
      (result) => {
        this.forget(questionId, answer.seq);
        this.handlers.saved(result);
        this.events.problem(null);
        if (!this.waiting.has(questionId)) this.events.state(questionId, 'saved');
        this.backOnline();
      },
      (error: unknown) => {
        if (isRetryable(error)) {
          // Kept (in the store too): sent again when the server answers, unless a later change replaced it.
          if (!this.waiting.has(questionId)) this.waiting.set(questionId, answer);
          this.wentOffline();
        } else {
          // Refused: retrying would not help (the attempt is over, the answer is not of the right shape).
          this.forget(questionId, answer.seq);
          this.events.state(questionId, 'error');
          const refusal = error as ApiError;
          this.events.problem(refusal);
          this.handlers.refused(refusal);
        }
      },
    );
    const done = request.finally(() => {
      this.inFlight.delete(questionId);
      this.sending.delete(questionId);
      this.report();
    });
    this.inFlight.set(questionId, done);
    // A change made while this one was on its way goes next (unless its own timer is still counting).
    return done.then(() =>
      this.waiting.has(questionId) && !this.timers.has(questionId) && !this.offline ? this.send(questionId) : undefined,
    );
  }
}

/** Waits before the next try of a submit that could not reach the server: the backoff, or the browser online. */
export function waitToRetry(tries: number, signal: AbortSignal): Promise<void> {
  const base = RETRY_DELAYS_MS[Math.min(tries, RETRY_DELAYS_MS.length - 1)]!;
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, base);
    window.addEventListener('online', done);
    signal.addEventListener('abort', done);
  });
}

export interface AnswerSaver {
  /** Per question: the state of its latest change. */
  states: Record<string, SaveState>;
  /** The last refusal to explain, or null. */
  problem: ApiError | null;
  status: QueueStatus;
  queue: AnswerQueue;
}

/**
 * The attempt page's answer queue, with its per-question states for the screen. On mount it sends what an earlier
 * page kept (`onRestored` shows those answers); it tries again when the browser is back online and sends what is
 * left at `pagehide`.
 */
export function useAnswerSaver(
  attempt: { id: string; serverNow: string },
  onSaved: (result: SaveAnswerResult) => void,
  onRefused: (error: ApiError) => void,
  onRestored: (answers: QueuedAnswers) => void = () => {},
): AnswerSaver {
  const [states, setStates] = useState<Record<string, SaveState>>({});
  const [problem, setProblem] = useState<ApiError | null>(null);
  const [status, setStatus] = useState<QueueStatus>({ unconfirmed: 0, offline: false });
  // The answers wait under the signed-in user's name (ADR 072): only their own sign-in sends them.
  const userId = useAuth().state.user?.id;
  const [queue] = useState(
    () =>
      new AnswerQueue(
        attempt.id,
        {
          state: (questionId, state) =>
            setStates((previous) => (previous[questionId] === state ? previous : { ...previous, [questionId]: state })),
          problem: setProblem,
          status: (next) =>
            setStatus((previous) =>
              previous.unconfirmed === next.unconfirmed && previous.offline === next.offline ? previous : next,
            ),
        },
        {
          store: userId ? browserAnswerStore(userId) : null,
          clockOffsetMs: Date.parse(attempt.serverNow) - Date.now(),
        },
      ),
  );
  useEffect(() => {
    queue.setHandlers({ saved: onSaved, refused: onRefused });
  });
  const restoredHandler = useRef(onRestored);
  useEffect(() => {
    restoredHandler.current = onRestored;
  });
  useEffect(() => {
    let live = true;
    queue.open();
    void queue.restore().then((answers) => {
      if (live && Object.keys(answers).length > 0) restoredHandler.current(answers);
    });
    const online = () => queue.retryNow();
    const leave = () => queue.sendAtExit();
    window.addEventListener('online', online);
    window.addEventListener('pagehide', leave);
    return () => {
      live = false;
      window.removeEventListener('online', online);
      window.removeEventListener('pagehide', leave);
      queue.dispose();
    };
  }, [queue]);
  return { states, problem, status, queue };
}
