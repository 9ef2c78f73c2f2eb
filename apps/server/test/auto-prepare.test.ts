import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { autoPreparingClient, PLAN_EACH_TIME, StatementShapes } from '../src/db/auto-prepare.js';

describe('statement shapes (which repeated statements are planned once per connection)', () => {
  it('names a text on its third run, always with the same name, and leaves the first runs unnamed', () => {
    const shapes = new StatementShapes();
    const text = 'select id from courses where id = $1';
    expect(shapes.nameFor(text)).toBeUndefined();
    expect(shapes.nameFor(text)).toBeUndefined();
    const name = shapes.nameFor(text);
    expect(name).toMatch(/^lyceum_auto_[0-9a-f]{32}$/);
    expect(shapes.nameFor(text)).toBe(name);
    expect(new StatementShapes().nameFor(text)).toBeUndefined();
  });

  it('never names a text marked to be planned each time (the grading inbox)', () => {
    const shapes = new StatementShapes();
    const text = `select id from attempt_answers where needs_manual ${PLAN_EACH_TIME} and attempt_id = $1`;
    for (let i = 0; i < 5; i += 1) expect(shapes.nameFor(text)).toBeUndefined();
    expect(shapes.size).toBe(0);
  });

  it('names at most `shapes` texts, never one longer than the limit, and starts its counts again when full', () => {
    const shapes = new StatementShapes({ shapes: 2, seenBefore: 2, maxTextLength: 40, tracked: 3 });
    const texts = ['select $1::int', 'select $1::text', 'select $1::bigint'];
    for (const text of texts) shapes.nameFor(text);
    for (const text of texts) shapes.nameFor(text);
    expect(shapes.size).toBe(2);
    expect(shapes.nameFor(texts[2]!)).toBeUndefined();
    const long = `select $1::int /* ${'x'.repeat(40)} */`;
    const limited = new StatementShapes({ shapes: 10, seenBefore: 1, maxTextLength: 40, tracked: 3 });
    expect(limited.nameFor(long)).toBeUndefined();
    // The counts are bounded too: a fourth new text clears them, so the first needs its runs again.
    const counted = new StatementShapes({ shapes: 10, seenBefore: 2, maxTextLength: 100, tracked: 3 });
    for (const text of ['select $1', 'select $2', 'select $3', 'select $4']) counted.nameFor(text);
    expect(counted.nameFor('select $1')).toBeUndefined();
    expect(counted.nameFor('select $4')).toMatch(/^lyceum_auto_/);
  });

  // PostgreSQL only: registered on the postgres project alone, so no run reports a skip.
  if (inject('databaseUrl'))
    it('prepares a repeated statement once on the connection, keeps answers right, and leaves texts without parameters and named statements alone', async () => {
      const pool = new pg.Pool({
        connectionString: inject('databaseUrl'),
        max: 1,
        Client: autoPreparingClient(new StatementShapes()),
      });
      try {
        const tag = randomUUID();
        const prepared = async () =>
          (
            await pool.query<{ name: string }>(
              `select name from pg_prepared_statements where name like 'lyceum_auto_%' or name = 'by_hand' order by name`,
            )
          ).rows.map((row) => row.name);
        const text = `select $1::text || '-' || $2::int as answer /* ${tag} */`;
        const answers: string[] = [];
        for (let i = 0; i < 6; i += 1) {
          const { rows } = await pool.query<{ answer: string }>({ text, values: [`run`, i] });
          answers.push(rows[0]!.answer);
        }
        expect(answers).toEqual(['run-0', 'run-1', 'run-2', 'run-3', 'run-4', 'run-5']);
        const named = await prepared();
        expect(named).toHaveLength(1);
        expect(named[0]).toMatch(/^lyceum_auto_[0-9a-f]{32}$/);
        // The same text with values given separately (drizzle's call) is the same statement.
        await pool.query({ text }, ['again', 7]);
        expect(await prepared()).toEqual(named);
        // A statement that already has a name keeps it.
        await pool.query({ name: 'by_hand', text: 'select $1::int as n', values: [1] });
        expect(await prepared()).toEqual([...named, 'by_hand'].sort());
        // Several statements without parameters still run together (the simple protocol).
        const many = await pool.query('select 1 as a; select 2 as b');
        expect(Array.isArray(many)).toBe(true);
      } finally {
        await pool.end();
      }
    });
});
