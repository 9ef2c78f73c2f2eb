import type { SaveAnswerResult } from '@lyceum/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, toastMessageOf } from '../../../lib/api-client';
import { saveAnswer } from '../api/take-assessment';

/** How long after the last change an answer is sent (typing a word sends once, not per key). */
export const SAVE_DELAY_MS = 700;
const RETRY_MS = 3_000;

export type SaveState = 'pending' | 'saving' | 'saved' | 'error';

export interface AnswerSaver {
  /** Per question: the state of its latest change. */
  states: Record<string, SaveState>;
  /** The last refusal the server explained (e.g. the time is over), or null. */
  problem: string | null;
  /** A response changed: sent after a short pause; only the latest one per question is sent. */
  change: (questionId: string, response: unknown) => void;
  /** Sends every waiting change now and resolves once all are answered (before submitting). */
  flush: () => Promise<void>;
  /** Some change is not saved yet. */
  hasUnsaved: () => boolean;
}

/**
 * Saves answers as the learner gives them: debounced per question, one request in flight per question (the latest
 * response wins), network failures retried, refusals (4xx) reported with the server's reason.
 */
export function useAnswerSaver(
  attemptId: string,
  onSaved: (result: SaveAnswerResult) => void,
  onRefused: (error: ApiError) => void,
): AnswerSaver {
  const [states, setStates] = useState<Record<string, SaveState>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const waiting = useRef(new Map<string, unknown>());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const inFlight = useRef(new Map<string, Promise<void>>());
  const callbacks = useRef({ onSaved, onRefused });
  useEffect(() => {
    callbacks.current = { onSaved, onRefused };
  });
  const setState = (questionId: string, state: SaveState) =>
    setStates((previous) => (previous[questionId] === state ? previous : { ...previous, [questionId]: state }));

  const send = useCallback(
    (questionId: string): Promise<void> => {
      const running = inFlight.current.get(questionId);
      if (running) return running.then(() => (waiting.current.has(questionId) ? send(questionId) : undefined));
      if (!waiting.current.has(questionId)) return Promise.resolve();
      const response = waiting.current.get(questionId);
      waiting.current.delete(questionId);
      setState(questionId, 'saving');
      const request = saveAnswer(attemptId, questionId, response)
        .then(
          (result) => {
            callbacks.current.onSaved(result);
            setProblem(null);
            if (!waiting.current.has(questionId)) setState(questionId, 'saved');
          },
          (error: unknown) => {
            setState(questionId, 'error');
            if (!waiting.current.has(questionId)) waiting.current.set(questionId, response);
            if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
              // Refused: retrying would not help (the attempt is over, the answer is not of the right shape).
              waiting.current.delete(questionId);
              setProblem(toastMessageOf(error, 'This answer could not be saved'));
              callbacks.current.onRefused(error);
            } else {
              setProblem('Your answer could not be saved: check your connection. Trying again…');
              timers.current.set(
                questionId,
                setTimeout(() => {
                  timers.current.delete(questionId);
                  void send(questionId);
                }, RETRY_MS),
              );
            }
          },
        )
        .finally(() => {
          inFlight.current.delete(questionId);
        });
      inFlight.current.set(questionId, request);
      return request.then(() => (waiting.current.has(questionId) && !timers.current.has(questionId) ? send(questionId) : undefined));
    },
    [attemptId],
  );

  const change = useCallback(
    (questionId: string, response: unknown) => {
      waiting.current.set(questionId, response);
      setState(questionId, 'pending');
      const timer = timers.current.get(questionId);
      if (timer) clearTimeout(timer);
      timers.current.set(
        questionId,
        setTimeout(() => {
          timers.current.delete(questionId);
          void send(questionId);
        }, SAVE_DELAY_MS),
      );
    },
    [send],
  );

  const flush = useCallback(async () => {
    for (const [questionId, timer] of timers.current) {
      clearTimeout(timer);
      timers.current.delete(questionId);
    }
    const ids = new Set([...waiting.current.keys(), ...inFlight.current.keys()]);
    await Promise.all([...ids].map((id) => send(id)));
  }, [send]);

  const hasUnsaved = useCallback(() => waiting.current.size > 0 || inFlight.current.size > 0, []);

  useEffect(
    () => () => {
      for (const timer of timers.current.values()) clearTimeout(timer);
    },
    [],
  );

  return { states, problem, change, flush, hasUnsaved };
}
