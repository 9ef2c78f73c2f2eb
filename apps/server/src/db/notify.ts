import pg from 'pg';
import type { InvalidationTransport } from '../lib/invalidation.js';

/** An invalidation transport that also says which of its channels each message came on. */
export interface ChannelsTransport extends Omit<InvalidationTransport, 'listen'> {
  listen(onMessage: (message: string, channel: string) => void): Promise<void>;
}

/**
 * PostgreSQL LISTEN/NOTIFY as the transport of cache invalidations between app processes on one database: one
 * dedicated connection listens (and sends). If it drops, it reconnects, and because notifications sent meanwhile are
 * lost, it reports a change of everything once it listens again. Given several channels it listens to all of them on
 * that one connection (so their notifications arrive in the order their transactions committed), says which channel
 * each came from, and sends on the first.
 */
export function postgresTransport(
  url: string,
  channels: string | readonly string[] = 'lyceum_invalidate',
): ChannelsTransport {
  const listened = typeof channels === 'string' ? [channels] : channels;
  const channel = listened[0]!;
  let client: pg.Client | null = null;
  let closed = false;
  let deliver: (message: string, channel: string) => void = () => undefined;

  async function connect(afterLoss: boolean): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    next.on(
      'notification',
      (note) => listened.includes(note.channel) && note.payload && deliver(note.payload, note.channel),
    );
    next.on('error', () => {
      if (client !== next || closed) return;
      client = null;
      void next.end().catch(() => undefined);
      setTimeout(() => void connect(true).catch(() => undefined), 1000).unref();
    });
    await next.connect();
    await next.query(listened.map((name) => `listen ${name};`).join(' '));
    client = next;
    if (afterLoss) for (const name of listened) deliver(JSON.stringify({ origin: 'reconnect', topics: ['*'] }), name);
  }

  return {
    async send(message) {
      if (client) await client.query('select pg_notify($1, $2)', [channel, message]);
    },
    async listen(onMessage) {
      deliver = onMessage;
      await connect(false);
    },
    async close() {
      closed = true;
      const current = client;
      client = null;
      await current?.end();
    },
  };
}
