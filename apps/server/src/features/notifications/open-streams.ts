import type { ServerResponse } from 'node:http';
import type { StreamEndReason } from '@lyceum/contract';
import type { SessionUser } from '#auth/guards.js';

/** One open tab's stream. */
export interface Stream {
  raw: ServerResponse;
  user: SessionUser;
  lastSeq: number;
  expiry: NodeJS.Timeout;
}

/** The streams open in this process, by user: written to, ended (with the reason the client reads), capped. */
export function createOpenStreams() {
  const byUser = new Map<string, Set<Stream>>();

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

  return {
    byUser,
    write,
    end,

    /** One stream per tab: past the cap, the tabs opened longest ago (the set's first) are the ones to go. */
    makeRoom(userId: string, maxPerUser: number): void {
      const open = byUser.get(userId);
      if (open && open.size >= maxPerUser) {
        for (const oldest of [...open].slice(0, open.size - maxPerUser + 1)) end(oldest, 'too-many-streams');
      }
    },

    add(stream: Stream): void {
      let set = byUser.get(stream.user.id);
      if (!set) byUser.set(stream.user.id, (set = new Set()));
      set.add(stream);
    },

    /** How many streams are open. */
    count(): number {
      let n = 0;
      for (const set of byUser.values()) n += set.size;
      return n;
    },

    /** Every open stream. */
    all(): Stream[] {
      return [...byUser.values()].flatMap((set) => [...set]);
    },
  };
}

/**
 * Tasks run one at a time per user, in the order they were asked for; a task that fails is logged (as the stream
 * `what` that failed) and the next one runs.
 */
export function userTurns(log?: { warn(details: object, message: string): void }) {
  const pending = new Map<string, Promise<void>>();
  return function inTurn(userId: string, what: string, task: () => Promise<void>): Promise<void> {
    const previous = pending.get(userId) ?? Promise.resolve();
    const settled = previous
      .then(task)
      .catch((error: unknown) => log?.warn({ err: error }, `notification stream ${what} failed`));
    pending.set(userId, settled);
    void settled.finally(() => pending.get(userId) === settled && pending.delete(userId));
    return settled;
  };
}
