import type { ServerResponse } from 'node:http';
import { NOTIFICATION_LIMITS } from '@lyceum/contract';
import type { SessionUser } from '#auth/guards.js';
import type { Db } from '#db/client.js';
import { createOpenStreams, userTurns, type Stream } from './open-streams.js';
import type { NotificationService } from './service.js';
import { endReason, readSessions } from './stream-sessions.js';

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
  const streams = createOpenStreams();
  const { byUser, write, end } = streams;
  const maxPerUser = options.maxPerUser ?? NOTIFICATION_LIMITS.streamsPerUser;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;

  /**
   * One user's reads and session checks, one at a time in the order they were asked for: a check asked for when a
   * session change was heard runs before the read of any notification heard after it.
   */
  const inTurn = userTurns(options.log);

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

  /** Ends the streams whose session is no longer good: one query for all of them; pings the rest. */
  async function check(): Promise<void> {
    const all = streams.all();
    if (all.length === 0) return;
    const states = await readSessions(db, all);
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
      const own = [...(byUser.get(userId) ?? [])];
      if (own.length === 0) return;
      const states = await readSessions(db, own);
      for (const stream of own) {
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
      return streams.count();
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
      // One stream per tab: past the cap, the tab opened longest ago is the one to go.
      streams.makeRoom(user.id, maxPerUser);
      // The stream ends with the token: the client renews it and reconnects.
      const ttl = Math.max(0, user.tokenExpiresAt * 1000 - Date.now());
      const stream: Stream = {
        raw,
        user,
        lastSeq,
        expiry: setTimeout(() => end(stream, 'expired'), Math.min(ttl, 2 ** 31 - 1)),
      };
      stream.expiry.unref();
      streams.add(stream);
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
      for (const stream of streams.all()) end(stream, 'shutdown');
    },
  };
}

export type StreamHub = ReturnType<typeof createStreamHub>;
