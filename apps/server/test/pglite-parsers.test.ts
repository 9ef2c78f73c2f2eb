import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { withDrizzleParsers } from '../src/db/pglite-parsers.js';

/*
 * The embedded database's client as drizzle gets it (db/pglite-parsers.ts): the same values as drizzle's own
 * per-query parsers gave, without PGlite copying its whole parser map for every query.
 */
// The embedded database only: the postgres project leaves this file out (vitest.config.ts).
describe('the PGlite client given to drizzle', () => {
  const client = new PGlite();
  const reference = new PGlite();
  afterAll(async () => {
    await client.close();
    await reference.close();
  });

  it('answers timestamps, dates, intervals and their arrays as the database text, as drizzle expects', async () => {
    await client.waitReady;
    const plain = drizzle(reference);
    const wrapped = drizzle(withDrizzleParsers(client));
    const query = sql`select timestamptz '2026-11-25 10:00:00+00' as at, date '2026-11-25' as day,
      interval '90 minutes' as span, array[timestamp '2026-11-25 10:00'] as ats, array[1.50]::numeric[] as nums,
      7::int as n, true as yes, '{"a":1}'::jsonb as doc`;
    const expected = (await plain.execute(query)).rows;
    expect((await wrapped.execute(query)).rows).toEqual(expected);
    expect(expected[0]).toMatchObject({ day: '2026-11-25', span: '01:30:00', nums: '{1.50}', n: 7, doc: { a: 1 } });
    // Rows through drizzle's query builder (array mode) and inside a transaction read the same.
    const inTransaction = await wrapped.transaction(async (tx) => (await tx.execute(query)).rows);
    expect(inTransaction).toEqual(expected);
  });

  it('sends no per-query parsers to PGlite for drizzle queries, and passes a caller’s own parsers on', async () => {
    const spy = vi.spyOn(client, 'query');
    const wrapped = withDrizzleParsers(client);
    await drizzle(wrapped).execute(sql`select now() as at`);
    expect(spy.mock.calls.at(-1)?.[2]).toEqual({ rowMode: 'object' });

    const asDate = await wrapped.query<{ at: unknown }>('select now() as at', [], {
      parsers: { 1184: (value: string) => new Date(value) },
    });
    expect(asDate.rows[0]?.at).toBeInstanceOf(Date);
    spy.mockRestore();
  });
});
