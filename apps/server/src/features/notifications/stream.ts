import type { ServerResponse } from 'node:http';
import { eq, inArray } from 'drizzle-orm';
import type { SessionUser } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { sessions, users } from '../../db/schema/index.js';
import type { NotificationService } from './service.js';

/** One open tab's stream. */
interface Stream {
  raw: ServerResponse;
  user: SessionUser;
  lastSeq: number;
  expiry: NodeJS.Timeout;
}

export interface StreamHubOptions {
  /** How often open streams' sessions are checked (revoked, token version raised, suspended) and pinged. */
  checkMs: number;
  log?: { warn(details: object, message: string): void };
}

/**
 * The live notifications of this process (ADR 027): one Server-Sent Events stream per open tab. Every process
 * listens to the notifications channel (a NOTIFY sent in the transaction that wrote them, so at commit, whichever
 * process wrote); on a wake it reads the new rows of the users it has streams for and writes them as events whose
 * id is the row's seq, so a reconnecting tab (Last-Event-ID) gets what it missed.
 */
export function createStreamHub(db: Db, service: NotificationService, options: StreamHubOptions) {
  const byUser = new Map<string, Set<Stream>>();
  let timer: NodeJS.Timeout | null = null;
  let closed = false;

  function write(stream: Stream, chunk: string): void {
    if (!stream.raw.writableEnded) stream.raw.write(chunk);
  }

  function end(stream: Stream, reason?: string): void {
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

  const pending = new Map<string, Promise<void>>();
  /** Sends a user's streams what they have not seen; one read per user at a time. */
  function pushTo(userId: string): Promise<void> {
    const previous = pending.get(userId) ?? Promise.resolve();
    const next = previous.then(async () => {
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
    const settled = next.catch((error: unknown) =>
      options.log?.warn({ err: error }, 'notification stream read failed'),
    );
    pending.set(userId, settled);
    void settled.finally(() => pending.get(userId) === settled && pending.delete(userId));
    return settled;
  }

  /** Ends the streams whose session is no longer good: one query for all of them; pings the rest. */
  async function check(): Promise<void> {
    const all = [...byUser.values()].flatMap((set) => [...set]);
    if (all.length === 0) return;
    const ids = [...new Set(all.map((s) => s.user.sessionId))];
    const good = new Map<string, number>();
    for (let i = 0; i < ids.length; i += 1000) {
      const rows = await db
        .select({
          sessionId: sessions.id,
          revokedAt: sessions.revokedAt,
          expiresAt: sessions.expiresAt,
          tokenVersion: users.tokenVersion,
          status: users.status,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(inArray(sessions.id, ids.slice(i, i + 1000)));
      const now = Date.now();
      for (const row of rows) {
        if (row.status === 'active' && row.revokedAt === null && row.expiresAt.getTime() > now) {
          good.set(row.sessionId, row.tokenVersion);
        }
      }
    }
    for (const stream of all) {
      const version = good.get(stream.user.sessionId);
      if (version === undefined || version !== stream.user.tokenVersion) end(stream, 'session-ended');
      else write(stream, ': ping\n\n');
    }
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

    /** Checks the sessions of every stream now (tests; a "log out everywhere" in this process). */
    check,

    close(): void {
      closed = true;
      if (timer) clearTimeout(timer);
      for (const set of [...byUser.values()]) for (const stream of [...set]) end(stream, 'shutdown');
    },
  };
}

export type StreamHub = ReturnType<typeof createStreamHub>;
