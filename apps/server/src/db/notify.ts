import pg from 'pg';
import type { InvalidationTransport } from '../lib/invalidation.js';

/**
 * PostgreSQL LISTEN/NOTIFY as the transport of cache invalidations between app processes on one database: one
 * dedicated connection listens (and sends). If it drops, it reconnects, and because notifications sent meanwhile are
 * lost, it reports a change of everything once it listens again.
 */
export function postgresTransport(url: string, channel = 'lyceum_invalidate'): InvalidationTransport {
  let client: pg.Client | null = null;
  let closed = false;
  let deliver: (message: string) => void = () => undefined;

  async function connect(afterLoss: boolean): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (note) => note.channel === channel && note.payload && deliver(note.payload));
    next.on('error', () => {
      if (client !== next || closed) return;
      client = null;
      void next.end().catch(() => undefined);
      setTimeout(() => void connect(true).catch(() => undefined), 1000).unref();
    });
    await next.connect();
    await next.query(`listen ${channel}`);
    client = next;
    if (afterLoss) deliver(JSON.stringify({ origin: 'reconnect', topics: ['*'] }));
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
