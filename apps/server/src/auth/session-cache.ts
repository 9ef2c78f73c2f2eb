import type { Role, SessionEndReason } from '@lyceum/contract';
import { keptByKey } from '../lib/kept-by-key.js';

/** What authentication reads of a session and its user (one row of the session query). */
export interface SessionRow {
  id: string;
  role: Role;
  username: string;
  status: 'active' | 'suspended';
  tokenVersion: number;
  revokedAt: Date | null;
  revokedReason: SessionEndReason | null;
  expiresAt: Date;
  lastSeenAt: Date;
}

/** How long a process answers a session from memory at most, if nothing tells it the session changed. */
export const SESSION_CACHE_MS = 5_000;
/** The memory the kept sessions may take, counted per entry (ids, dates, the username). */
export const SESSION_CACHE_BYTES = 4 * 1024 * 1024;
const ENTRY_OVERHEAD_BYTES = 320;

export interface SessionCache {
  /** The kept row of this session, if it is younger than SESSION_CACHE_MS. */
  get(sessionId: string, now: number): SessionRow | undefined;
  /**
   * Reads the row through `load` and keeps it, unless a change of any session was heard while it was being read
   * (the row may predate that change: it is answered, not kept).
   */
  load(sessionId: string, now: number, load: () => Promise<SessionRow | undefined>): Promise<SessionRow | undefined>;
  /** The database said this user's sessions or account changed: their kept rows go. */
  forgetUser(userId: string): void;
  /** Everything goes (the change feed was interrupted). */
  clear(): void;
  /** Entries and their counted bytes, for tests and the bench. */
  size(): { entries: number; bytes: number };
}

/**
 * The sessions of recent requests, kept by this process for SESSION_CACHE_MS (issue 20, ADR 019 session 15): the
 * session query was one statement of every authenticated request, and a page of the web app makes several at once.
 * Every check still runs on the kept row on every request (revoked, suspended, expired, token version). What keeps it
 * right is the database: a trigger on `sessions` and `users` (migration 0030) sends the user's id at commit, which
 * calls `forgetUser` in every process — in the writing process before its statement's answer arrives. The time limit
 * bounds what a lost notification could cost. Bounded by bytes; the oldest entries go first
 * (lib/kept-by-key.ts, which the student dashboard counters share).
 */
export function createSessionCache(options: { ttlMs?: number; maxBytes?: number } = {}): SessionCache {
  const kept = keptByKey<SessionRow>({
    ttlMs: options.ttlMs ?? SESSION_CACHE_MS,
    maxBytes: options.maxBytes ?? SESSION_CACHE_BYTES,
    bytesOf: (row) => ENTRY_OVERHEAD_BYTES + 2 * row.username.length,
  });
  return {
    get: kept.peek,
    load: kept.load,
    forgetUser: (userId) => kept.forgetWhere((row) => row.id === userId),
    clear: kept.clear,
    size: kept.size,
  };
}
