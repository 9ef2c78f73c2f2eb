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

/**
 * One key per user and attempt (ADR 072): a session that ends keeps the answers for the same user's next sign-in,
 * and another user of the browser neither counts them nor could send them.
 */
const prefixOf = (userId: string) => `answers:${userId}:`;
const keyOf = (userId: string, attemptId: string) => `${prefixOf(userId)}${attemptId}`;

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
    read: (attemptId) => Promise.resolve({ ...kept.get(attemptId) }),
    put: (attemptId, questionId, answer) => {
      kept.set(attemptId, put(kept.get(attemptId), questionId, answer));
      return Promise.resolve();
    },
    remove: (attemptId, questionId, seq) => {
      kept.set(attemptId, remove(kept.get(attemptId), questionId, seq));
      return Promise.resolve();
    },
  };
}

let browserStore: UseStore | null = null;
const openBrowserStore = () => (browserStore ??= createStore('lyceum-answers', 'answers'));

/**
 * The signed-in user's store in the browser (IndexedDB database `lyceum-answers`), or null where there is no
 * IndexedDB (server rendering). Each change is one read-write transaction, so the tabs of an attempt take turns.
 */
export function browserAnswerStore(userId: string): AnswerStore | null {
  if (typeof indexedDB === 'undefined') return null;
  const store = openBrowserStore();
  return {
    read: async (attemptId) => ({ ...(await get<QueuedAnswers>(keyOf(userId, attemptId), store)) }),
    put: (attemptId, questionId, answer) =>
      update<QueuedAnswers>(keyOf(userId, attemptId), (answers) => put(answers, questionId, answer), store),
    remove: (attemptId, questionId, seq) =>
      update<QueuedAnswers>(keyOf(userId, attemptId), (answers) => remove(answers, questionId, seq), store),
  };
}

/** How many of the user's answers the kept entries (key, answers of one attempt) hold. */
export function countOf(kept: readonly (readonly [IDBValidKey, QueuedAnswers | undefined])[], userId: string): number {
  const prefix = prefixOf(userId);
  return kept.reduce(
    (sum, [key, answers]) => sum + (String(key).startsWith(prefix) ? Object.keys(answers ?? {}).length : 0),
    0,
  );
}

/**
 * How many of the user's answers wait in this browser for the server, over their attempts (0 where there is no
 * IndexedDB, or it cannot be read): asked before logging out, which would leave them unsent until they sign in again.
 * Another user's answers waiting here are not theirs to be warned about.
 */
export async function countWaitingAnswers(userId: string): Promise<number> {
  if (typeof indexedDB === 'undefined') return 0;
  try {
    return countOf(await entries<IDBValidKey, QueuedAnswers | undefined>(openBrowserStore()), userId);
  } catch {
    return 0;
  }
}
