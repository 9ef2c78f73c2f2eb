import type { SaveAnswerResult } from '@lyceum/contract';
import { useEffect, useState } from 'react';
import { ApiError, toastMessageOf } from '@/lib/api-client';
import { saveAnswer } from '../api/take-assessment';

/** How long after the last change an answer is sent (typing a word sends once, not per key). */
export const SAVE_DELAY_MS = 700;
const RETRY_MS = 3_000;

export type SaveState = 'pending' | 'saving' | 'saved' | 'error';

interface QueueEvents {
  state: (questionId: string, state: SaveState) => void;
  problem: (message: string | null) => void;
}

interface QueueHandlers {
  saved: (result: SaveAnswerResult) => void;
  refused: (error: ApiError) => void;
}

/**
 * The answers waiting to be saved: debounced per question, one request in flight per question (the latest response
 * wins), network failures retried, refusals (4xx) reported with the server's reason.
 */
export class AnswerQueue {
  private readonly waiting = new Map<string, unknown>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly inFlight = new Map<string, Promise<void>>();
  private handlers: QueueHandlers = { saved: () => {}, refused: () => {} };

  constructor(
    private readonly attemptId: string,
    private readonly events: QueueEvents,
  ) {}

  /** What the page does with a saved answer's result and with a refusal (set after each render). */
  setHandlers(handlers: QueueHandlers): void {
    this.handlers = handlers;
  }

  change(questionId: string, response: unknown): void {
    this.waiting.set(questionId, response);
    this.events.state(questionId, 'pending');
    this.later(questionId, SAVE_DELAY_MS);
  }

  /** Sends every waiting change now and resolves once all are answered. */
  async flush(): Promise<void> {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    const ids = new Set([...this.waiting.keys(), ...this.inFlight.keys()]);
    await Promise.all([...ids].map((id) => this.send(id)));
  }

  hasUnsaved(): boolean {
    return this.waiting.size > 0 || this.inFlight.size > 0;
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
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

  private send(questionId: string): Promise<void> {
    const running = this.inFlight.get(questionId);
    if (running) return running.then(() => this.send(questionId));
    if (!this.waiting.has(questionId)) return Promise.resolve();
    const response = this.waiting.get(questionId);
    this.waiting.delete(questionId);
    this.events.state(questionId, 'saving');
    const request = saveAnswer(this.attemptId, questionId, response).then(
      (result) => {
        this.handlers.saved(result);
        this.events.problem(null);
        if (!this.waiting.has(questionId)) this.events.state(questionId, 'saved');
      },
      (error: unknown) => {
        this.events.state(questionId, 'error');
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
          // Refused: retrying would not help (the attempt is over, the answer is not of the right shape).
          this.events.problem(toastMessageOf(error, 'This answer could not be saved'));
          this.handlers.refused(error);
        } else {
          if (!this.waiting.has(questionId)) this.waiting.set(questionId, response);
          this.events.problem('Your answer could not be saved: check your connection. Trying again…');
          this.later(questionId, RETRY_MS);
        }
      },
    );
    const done = request.finally(() => this.inFlight.delete(questionId));
    this.inFlight.set(questionId, done);
    // A change made while this one was on its way goes next (unless its own timer is still counting).
    return done.then(() =>
      this.waiting.has(questionId) && !this.timers.has(questionId) ? this.send(questionId) : undefined,
    );
  }
}

export interface AnswerSaver {
  /** Per question: the state of its latest change. */
  states: Record<string, SaveState>;
  /** The last refusal or failure to explain, or null. */
  problem: string | null;
  queue: AnswerQueue;
}

/** The attempt page's answer queue, with its per-question states for the screen. */
export function useAnswerSaver(
  attemptId: string,
  onSaved: (result: SaveAnswerResult) => void,
  onRefused: (error: ApiError) => void,
): AnswerSaver {
  const [states, setStates] = useState<Record<string, SaveState>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [queue] = useState(
    () =>
      new AnswerQueue(attemptId, {
        state: (questionId, state) =>
          setStates((previous) => (previous[questionId] === state ? previous : { ...previous, [questionId]: state })),
        problem: setProblem,
      }),
  );
  useEffect(() => {
    queue.setHandlers({ saved: onSaved, refused: onRefused });
  });
  useEffect(() => () => queue.dispose(), [queue]);
  return { states, problem, queue };
}
