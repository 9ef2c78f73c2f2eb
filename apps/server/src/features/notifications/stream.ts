import type { ServerResponse } from 'node:http';
import { NOTIFICATION_LIMITS, type SessionEndReason, type StreamEndReason } from '@lyceum/contract';
import { eq, inArray } from 'drizzle-orm';
import type { SessionUser } from '#auth/guards.js';
import type { Db } from '#db/client.js';
import { sessions, users } from '#db/schema/index.js';
import type { NotificationService } from './service.js';

/** One open tab's stream. */
interface Stream {
  raw: ServerResponse;
  user: SessionUser;
  lastSeq: number;
  expiry: NodeJS.Timeout;
}

export interface StreamHubOptions {
  /**
   * How often open streams' sessions are checked (revoked, token version raised, suspended) and pinged: the
   * backstop of `onSessionChange`, which hears of each change at once.
   */
  checkMs: number;
  /** Open streams of one user here; one more ends the oldest (default NOTIFICATION_LIMITS.streamsPerUser). */
  maxPerUser?: number;
  log?: { warn(details: object, message: string): void };
}

/** What a stream's session is now: ended (and why), or good at this token version. */
type SessionState = { ended: SessionEndReason } | { ended: null; tokenVersion: number };

/**
 * The live notifications of this process (ADR 027): one Server-Sent Events stream per open tab. Every process
 * listens to the notifications channel (a NOTIFY sent in the transaction that wrote them, so at commit, whichever
 * process wrote); on a wake it reads the new rows of the users it has streams for and writes them as events whose
 * id is the row's seq, so a reconnecting tab (Last-Event-ID) gets what it missed. A stream ends with its session: the
 * database names the user at the commit of any change to their sessions or account (migration 0030's channel, heard
 * on the same connection as the notifications, so before any notification committed after it), and the user's
 * streams are checked before anything else is sent to them (ADR 035).
 */
export function createStreamHub(db: Db, service: NotificationService, options: StreamHubOptions) {
  const byUser = new Map<string, Set<Stream>>();
  const maxPerUser = options.maxPerUser ?? NOTIFICATION_LIMITS.streamsPerUser;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;

  function write(stream: Stream, chunk: string): void {
    if (!stream.raw.writableEnded) stream.raw.write(chunk);
  }

  function end(stream: Stream, reason?: StreamEndReason): void {
    clearTimeout(stream.expiry);
    const set = byUser.get(stream.user.id);
    set?.delete(stream);
    if (set && set.size === 0) byUser.delete(stream.user.id);
    if (!stream.raw.writableEnded) {
      // The client reads this and stops reconnecting with the same token.
      if (reason) stream.raw.write(`event: end\ndata: ${JSON.stringify({ reason })}\n\n`);
      stream.raw.end();
    }
  }

  /**
   * One user's reads and session checks, one at a time in the order they were asked for: a check asked for when a
   * session change was heard runs before the read of any notification heard after it.
   */
  const pending = new Map<string, Promise<void>>();
  function inTurn(userId: string, what: string, task: () => Promise<void>): Promise<void> {
    const previous = pending.get(userId) ?? Promise.resolve();
    const settled = previous
      .then(task)
      .catch((error: unknown) => options.log?.warn({ err: error }, `notification stream ${what} failed`));
    pending.set(userId, settled);
    void settled.finally(() => pending.get(userId) === settled && pending.delete(userId));
    return settled;
  }

  /** Sends a user's streams what they have not seen. */
  function pushTo(userId: string): Promise<void> {
    return inTurn(userId, 'read', async () => {
      const set = byUser.get(userId);
      if (!set || set.size === 0) return;
      const from = Math.min(...[...set].map((s) => s.lastSeq));
      const fresh = await service.since(userId, from);
      if (fresh.length === 0) return;
      const unread = await service.unreadCount(userId);
      for (const stream of byUser.get(userId) ?? []) {
        const unseen = fresh.filter((n) => n.seq > stream.lastSeq);
        unseen.forEach((notification, i) => {
          const data = JSON.stringify({ notification, unread: i === unseen.length - 1 ? unread : undefined });
          write(stream, `id: ${notification.seq}\nevent: notification\ndata: ${data}\n\n`);
          stream.lastSeq = notification.seq;
        });
      }
      // More than one read's worth arrived: read again.
      if (fresh.length === 50) void pushTo(userId);
    });
  }

  /** The sessions of these ids as authentication would judge them (guards.ts), 1,000 to a query. */
  async function readSessions(streams: Stream[]): Promise<Map<string, SessionState>> {
    const ids = [...new Set(streams.map((s) => s.user.sessionId))];
    const states = new Map<string, SessionState>();
    for (let i = 0; i < ids.length; i += 1000) {
      const rows = await db
        .select({
          sessionId: sessions.id,
          revokedAt: sessions.revokedAt,
          revokedReason: sessions.revokedReason,
          expiresAt: sessions.expiresAt,
          tokenVersion: users.tokenVersion,
          status: users.status,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(inArray(sessions.id, ids.slice(i, i + 1000)));
      const now = Date.now();
      for (const row of rows) {
        const ended: SessionEndReason | null = row.revokedAt
          ? (row.revokedReason ?? 'signed-out')
          : row.status !== 'active'
            ? 'suspended'
            : row.expiresAt.getTime() <= now
              ? 'expired'
              : null;
        states.set(row.sessionId, ended ? { ended } : { ended, tokenVersion: row.tokenVersion });
      }
    }
    return states;
  }

  /** Why the stream's session no longer carries it, or null while it does. */
  function endReason(stream: Stream, states: Map<string, SessionState>): SessionEndReason | null {
    const state = states.get(stream.user.sessionId);
    // Gone with its account.
    if (!state) return 'signed-out';
    if (state.ended) return state.ended;
    // A raised token version (role change; this session's own password change or "log out everywhere", which
    // answered it a new token): the stream's token is refused from now on, as the 401 of an API call says.
    return state.tokenVersion === stream.user.tokenVersion ? null : 'signed-out';
  }

  /** Ends the streams whose session is no longer good: one query for all of them; pings the rest. */
  async function check(): Promise<void> {
    const all = [...byUser.values()].flatMap((set) => [...set]);
    if (all.length === 0) return;
    const states = await readSessions(all);
    for (const stream of all) {
      const reason = endReason(stream, states);
      if (reason) end(stream, reason);
      else write(stream, ': ping\n\n');
    }
  }

  /** Users whose check is asked for and not started: a burst of changes costs one query. */
  const checkAsked = new Set<string>();
  /** Ends the user's streams whose session has ended, before anything else is sent to them. */
  function checkUser(userId: string): void {
    if (checkAsked.has(userId)) return;
    checkAsked.add(userId);
    void inTurn(userId, 'session check', async () => {
      checkAsked.delete(userId);
      const streams = [...(byUser.get(userId) ?? [])];
      if (streams.length === 0) return;
      const states = await readSessions(streams);
      for (const stream of streams) {
        const reason = endReason(stream, states);
        if (reason) end(stream, reason);
      }
    });
  }

  function schedule(): void {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void check()
        .catch((error: unknown) => options.log?.warn({ err: error }, 'notification stream check failed'))
        .finally(() => byUser.size > 0 && schedule());
    }, options.checkMs);
    timer.unref();
  }

  return {
    /** Streams open in this process (the load measurement reports it). */
    get size(): number {
      let n = 0;
      for (const set of byUser.values()) n += set.size;
      return n;
    },

    /** Open streams of one user in this process. */
    countFor(userId: string): number {
      return byUser.get(userId)?.size ?? 0;
    },

    /** Takes over the response: headers, what was missed since `lastEventId`, then live events. */
    async open(raw: ServerResponse, user: SessionUser, lastEventId: number | null): Promise<void> {
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      const lastSeq = lastEventId ?? (await service.latestSeq(user.id));
      // The tab went while we read.
      if (raw.destroyed) return;
      // One stream per tab: past the cap, the tab opened longest ago (its set's first) is the one to go.
      const open = byUser.get(user.id);
      if (open && open.size >= maxPerUser) {
        for (const oldest of [...open].slice(0, open.size - maxPerUser + 1)) end(oldest, 'too-many-streams');
      }
      // The stream ends with the token: the client renews it and reconnects.
      const ttl = Math.max(0, user.tokenExpiresAt * 1000 - Date.now());
      const stream: Stream = {
        raw,
        user,
        lastSeq,
        expiry: setTimeout(() => end(stream, 'expired'), Math.min(ttl, 2 ** 31 - 1)),
      };
      stream.expiry.unref();
      let set = byUser.get(user.id);
      if (!set) byUser.set(user.id, (set = new Set()));
      set.add(stream);
      raw.on('close', () => end(stream));
      write(
        stream,
        `retry: 3000\nevent: ready\ndata: ${JSON.stringify({ unread: await service.unreadCount(user.id) })}\n\n`,
      );
      schedule();
      if (lastEventId !== null) await pushTo(user.id);
    },

    /** A NOTIFY payload: user ids, or `*` (after a lost connection) for every user with a stream here. */
    onNotify(payload: string): void {
      const ids = payload === '*' ? [...byUser.keys()] : payload.split(',');
      for (const id of ids) if (byUser.has(id)) void pushTo(id);
    },

    /**
     * A session change's NOTIFY (migration 0030): the user whose sessions or account changed, or `*` after a lost
     * connection. Their streams are checked now, ahead of any notification heard later.
     */
    onSessionChange(payload: string): void {
      if (payload === '*') {
        void check().catch((error: unknown) => options.log?.warn({ err: error }, 'notification stream check failed'));
      } else if (byUser.has(payload)) checkUser(payload);
    },

    /** Checks the sessions of every stream now (tests). */
    check,

    close(): void {
      closed = true;
      if (timer) clearTimeout(timer);
      for (const set of [...byUser.values()]) for (const stream of [...set]) end(stream, 'shutdown');
    },
  };
}

export type StreamHub = ReturnType<typeof createStreamHub>;
