import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/db/seed/index.js';
import type { MailMessage, Mailer } from '../src/lib/mailer.js';
import { useTestApp } from './helper.js';

/** Every mail handed over to the mailer. */
const sent: MailMessage[] = [];
const mailer: Mailer = { send: async (message) => void sent.push(message), close() {} };
const ctx = useTestApp({ mailer, env: { JOB_RUNNER: 'off' } });

describe('the first start of a fresh install (issue 46.12)', () => {
  it('mails no daily summary (nor anything else) to the demo accounts: the seed’s history is not news', async () => {
    const seeded = await seedDemoData(ctx.database.db);
    expect(seeded.seeded).toBe(true);
    // What the server does right after the seed: the runner's first passes (today's digest slot included).
    await ctx.app.jobs.drain();
    await ctx.app.jobs.drain();
    expect(sent.map((m) => `${m.to}: ${m.subject}`)).toEqual([]);
    // The demo teacher's notice is there, in the app, waiting for the next day's summary.
    const waiting = await ctx.database.db.execute(
      sql`select count(*)::int as n from notifications where mail = 'digest'`,
    );
    expect((waiting as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThan(0);
  });
});
