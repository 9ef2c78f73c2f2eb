import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, onSendHookHandler } from 'fastify';

/**
 * What a write changed, for whoever keeps copies of public data (the rendered-page cache): a course's own page
 * (`course:<id>`), the course lists (`courses`: catalogue, shelves, home), a forum question (`question:<id>`),
 * the forum lists (`forum`), or anything at all (`*`: names and pictures of people show on every page).
 */
export type Topic = 'courses' | 'forum' | '*' | `course:${string}` | `question:${string}`;

export const topics = {
  /** A course and the lists it appears in. */
  course: (id: string): Topic[] => ['courses', `course:${id}`],
  /** A forum question and the forum lists. */
  question: (id: string): Topic[] => ['forum', `question:${id}`],
  /** Something shown on many pages (a person's name or picture, an account removed). */
  everything: (): Topic[] => ['*'],
};

/**
 * onSend of a course teacher's write under `/courses/:id/…` (curriculum, assessments, question bank): once it has
 * succeeded (its transaction committed, the answer not yet sent), the course's own cached public copies — the
 * visitor's outline, the rendered course page — are dropped in every process. The course lists do not show the
 * curriculum, so they stay.
 */
export function courseWriteInvalidation(bus: InvalidationBus): onSendHookHandler {
  return async (request, reply, payload) => {
    const id = (request.params as { id?: unknown } | undefined)?.id;
    if (reply.statusCode < 400 && typeof id === 'string' && /^[\w-]{1,64}$/.test(id)) bus.publish([`course:${id}`]);
    return payload;
  };
}

export type InvalidationListener = (changed: readonly Topic[]) => void;

/** How invalidations reach the other app processes on the same data (PostgreSQL NOTIFY, Redis pub/sub). */
export interface InvalidationTransport {
  send(message: string): Promise<void>;
  /** Calls back with every message sent by any process, this one included. */
  listen(onMessage: (message: string) => void): Promise<void>;
  close(): Promise<void>;
}

/**
 * The one invalidation API: features call `publish` after a write has committed; caches `subscribe`. Listeners in
 * this process hear it at once (before the writer's response is sent); other processes through the transport.
 */
export interface InvalidationBus {
  publish(changed: readonly Topic[]): void;
  subscribe(listener: InvalidationListener): () => void;
  close(): Promise<void>;
}

const TOPIC = /^(courses|forum|\*|course:[\w-]{1,64}|question:[\w-]{1,64})$/;

/** The most characters one message carries: PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more. */
export const MESSAGE_LIMIT = 7_000;

/**
 * The messages that tell other processes about `changed`: its topics, once each, in as few messages of at most
 * `limit` characters as they fit in (`*` alone when it is among them: it covers every other topic).
 */
export function invalidationMessages(origin: string, changed: Iterable<Topic>, limit = MESSAGE_LIMIT): string[] {
  const unique = [...new Set(changed)];
  const all = unique.includes('*') ? (['*'] as Topic[]) : unique;
  const messages: string[] = [];
  let batch: Topic[] = [];
  const message = (list: Topic[]) => JSON.stringify({ origin, topics: list });
  for (const topic of all) {
    if (batch.length > 0 && message([...batch, topic]).length > limit) {
      messages.push(message(batch));
      batch = [];
    }
    batch.push(topic);
  }
  if (batch.length > 0) messages.push(message(batch));
  return messages;
}

export function createInvalidationBus(
  transport: InvalidationTransport | null = null,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): InvalidationBus & { ready: Promise<void> } {
  const listeners = new Set<InvalidationListener>();
  const origin = randomUUID();
  const deliver = (changed: readonly Topic[]) => {
    for (const listener of listeners) listener(changed);
  };
  const ready = transport
    ? transport
        .listen((message) => {
          try {
            const parsed = JSON.parse(message) as { origin?: unknown; topics?: unknown };
            if (parsed.origin === origin || !Array.isArray(parsed.topics)) return;
            const changed = parsed.topics.filter((t): t is Topic => typeof t === 'string' && TOPIC.test(t));
            if (changed.length > 0) deliver(changed);
          } catch {
            // Not one of ours: ignore.
          }
        })
        .catch((error: unknown) => log?.warn({ err: error }, 'invalidation: cannot listen to other processes'))
    : Promise.resolve();

  /*
   * Other processes are told by one send at a time (ADR 019, session 27): what is published while a send is on its
   * way waits for it, and then goes in one message with its repeats removed. On PostgreSQL each send is a
   * transaction of its own whose NOTIFY waits for its commit to reach the disk, so under a stream of writes one
   * message per write cost each write a commit; now a commit carries whatever came meanwhile.
   */
  let waiting = new Set<Topic>();
  let sending: Promise<void> | null = null;
  function sendWaiting(): void {
    if (!transport || sending || waiting.size === 0) return;
    const messages = invalidationMessages(origin, waiting);
    waiting = new Set();
    sending = Promise.all(messages.map((message) => transport.send(message)))
      .then(
        () => undefined,
        (error: unknown) => log?.warn({ err: error }, 'invalidation: cannot notify other processes'),
      )
      .finally(() => {
        sending = null;
        sendWaiting();
      });
  }

  return {
    ready,
    publish(changed) {
      if (changed.length === 0) return;
      deliver(changed);
      if (!transport) return;
      for (const topic of changed) waiting.add(topic);
      sendWaiting();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => {
      listeners.clear();
      // What was published is sent before the transport closes.
      while (sending) await sending;
      await transport?.close();
    },
  };
}

/** Redis pub/sub (REDIS_URL): a second connection subscribes, as Redis requires. */
export function redisTransport(
  publisher: { publish(channel: string, message: string): Promise<unknown>; duplicate(): RedisSubscriber },
  channel = 'lyceum:invalidate',
): InvalidationTransport {
  let subscriber: RedisSubscriber | null = null;
  return {
    send: async (message) => void (await publisher.publish(channel, message)),
    async listen(onMessage) {
      subscriber = publisher.duplicate();
      subscriber.on('message', (from: string, message: string) => from === channel && onMessage(message));
      await subscriber.subscribe(channel);
    },
    close: async () => void subscriber?.disconnect(),
  };
}

interface RedisSubscriber {
  on(event: 'message', listener: (channel: string, message: string) => void): unknown;
  subscribe(channel: string): Promise<unknown>;
  disconnect(): void;
}
