import { createStore, entries, get, update, type UseStore } from 'idb-keyval';

/** An answer given and not yet confirmed by the server: the response and its sequence number (ADR 059). */
export interface QueuedAnswer {
  response: unknown;
  seq: number;
}

/** Per question id, the latest answer of an attempt that the server has not confirmed yet. */
export type QueuedAnswers = Record<string, QueuedAnswer>;

/**
 * Where the answers wait until the server confirms them: IndexedDB in the browser (shared by the tabs of one
 * origin, kept across a reload or a closed tab), memory in tests or where IndexedDB is refused. Every write keeps,
 * per question, the answer with the higher sequence number, so two tabs cannot replace a later answer.
 */
export interface AnswerStore {
  read(attemptId: string): Promise<QueuedAnswers>;
  put(attemptId: string, questionId: string, answer: QueuedAnswer): Promise<void>;
  /** Forgets a question's answer once the server confirmed (or refused) `seq`, unless a later one was given. */
  remove(attemptId: string, questionId: string, seq: number): Promise<void>;
}

const keyOf = (attemptId: string) => `attempt:${attemptId}`;

function put(answers: QueuedAnswers | undefined, questionId: string, answer: QueuedAnswer): QueuedAnswers {
  const current = answers?.[questionId];
  if (current && current.seq >= answer.seq) return answers;
  return { ...answers, [questionId]: answer };
}

function remove(answers: QueuedAnswers | undefined, questionId: string, seq: number): QueuedAnswers {
  const current = answers?.[questionId];
  if (!answers || !current || current.seq > seq) return answers ?? {};
  const { [questionId]: _confirmed, ...rest } = answers;
  return rest;
}

/** The answers kept in memory only (tests; a browser that refuses IndexedDB, such as some private windows). */
export function memoryAnswerStore(): AnswerStore {
  const kept = new Map<string, QueuedAnswers>();
  return {
    read: (attemptId) => Promise.resolve({ ...kept.get(keyOf(attemptId)) }),
    put: (attemptId, questionId, answer) => {
      kept.set(keyOf(attemptId), put(kept.get(keyOf(attemptId)), questionId, answer));
      return Promise.resolve();
    },
    remove: (attemptId, questionId, seq) => {
      kept.set(keyOf(attemptId), remove(kept.get(keyOf(attemptId)), questionId, seq));
      return Promise.resolve();
    },
  };
}

let browserStore: UseStore | null = null;
const openBrowserStore = () => (browserStore ??= createStore('lyceum-answers', 'answers'));

/**
 * The browser's store (IndexedDB database `lyceum-answers`), or null where there is no IndexedDB (server
 * rendering). Each change is one read-write transaction, so the tabs of an attempt take turns.
 */
export function browserAnswerStore(): AnswerStore | null {
  if (typeof indexedDB === 'undefined') return null;
  const store = openBrowserStore();
  return {
    read: async (attemptId) => ({ ...(await get<QueuedAnswers>(keyOf(attemptId), store)) }),
    put: (attemptId, questionId, answer) =>
      update<QueuedAnswers>(keyOf(attemptId), (answers) => put(answers, questionId, answer), store),
    remove: (attemptId, questionId, seq) =>
      update<QueuedAnswers>(keyOf(attemptId), (answers) => remove(answers, questionId, seq), store),
  };
}

/**
 * How many answers wait in this browser for the server, over every attempt (0 where there is no IndexedDB, or it
 * cannot be read): asked before logging out, which would leave them unsent until the student signs in again.
 */
export async function countWaitingAnswers(): Promise<number> {
  if (typeof indexedDB === 'undefined') return 0;
  try {
    const kept = await entries<IDBValidKey, QueuedAnswers | undefined>(openBrowserStore());
    return kept.reduce(
      (sum, [key, answers]) => sum + (String(key).startsWith('attempt:') ? Object.keys(answers ?? {}).length : 0),
      0,
    );
  } catch {
    return 0;
  }
}
