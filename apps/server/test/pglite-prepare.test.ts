import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatementShapes } from '../src/db/auto-prepare.js';
import { withDrizzleParsers } from '../src/db/pglite-parsers.js';
import { withPreparedStatements } from '../src/db/pglite-prepare.js';

/*
 * The embedded database's client plans a repeated statement once (db/pglite-prepare.ts): the same answers and the
 * same errors as PGlite's own query, in and out of transactions, with the statement prepared after its third run.
 */
// The embedded database only: the postgres project leaves this file out (vitest.config.ts).
describe('the PGlite client with prepared statements', () => {
  const client = new PGlite();
  const reference = new PGlite();
  const db = drizzle(withDrizzleParsers(withPreparedStatements(client, new StatementShapes())));
  const plain = drizzle(withDrizzleParsers(reference));
  const schema = sql`create table notes (id int primary key, body text not null, at timestamptz not null,
    tags text[] not null default '{}', doc jsonb)`;

  beforeAll(async () => {
    await db.execute(schema);
    await plain.execute(schema);
  });
  afterAll(async () => {
    await client.close();
    await reference.close();
  });

  const prepared = async () =>
    (
      await client.query<{ statement: string }>(
        'select statement from pg_prepared_statements where not from_sql order by statement',
      )
    ).rows.map((row) => row.statement);

  it('answers a repeated statement as PGlite does, prepared from its third run on', async () => {
    const insert = (id: number) =>
      sql`insert into notes (id, body, at, tags, doc) values (${id}, ${`note ${id}`}, ${'2026-12-03 10:00:00+00'},
        ${`{a,b${id}}`}::text[], ${JSON.stringify({ id })}) returning id, body, at, tags, doc`;
    for (let id = 1; id <= 5; id += 1) {
      const [mine, theirs] = [(await db.execute(insert(id))).rows, (await plain.execute(insert(id))).rows];
      expect(mine).toEqual(theirs);
      expect(mine[0]).toMatchObject({ id, body: `note ${id}`, tags: ['a', `b${id}`], doc: { id } });
    }
    expect(await prepared()).toEqual([expect.stringContaining('insert into notes')]);

    const read = (id: number) => sql`select body, at from notes where id = ${id}`;
    for (let id = 1; id <= 4; id += 1) {
      expect((await db.execute(read(id))).rows).toEqual((await plain.execute(read(id))).rows);
    }
    // A parameter that is null, and no row.
    const nothing = sql`select body from notes where id = ${6} or body = ${null}`;
    for (let run = 0; run < 4; run += 1) expect((await db.execute(nothing)).rows).toEqual([]);
    expect(await prepared()).toHaveLength(3);
  });

  it('reports a database error with its code, and goes on answering', async () => {
    const insert = sql`insert into notes (id, body, at) values (${1}, ${'again'}, now())`;
    for (let run = 0; run < 4; run += 1) {
      // drizzle wraps the database's error: its cause is PGlite's, with the code and the statement.
      const error = await db.execute(insert).then(
        () => null,
        (failure: { cause?: { code?: string; query?: string } }) => failure.cause,
      );
      expect(error).toMatchObject({ code: '23505', query: expect.stringContaining('insert into notes') });
    }
    // A parameter of the wrong type fails at Bind, on the prepared statement too.
    for (let run = 0; run < 4; run += 1) {
      await expect(db.execute(sql`select body from notes where id = ${'not a number'}`)).rejects.toMatchObject({
        cause: { code: '22P02' },
      });
    }
    expect((await db.execute(sql`select count(*)::int as n from notes where id > ${0}`)).rows).toEqual([{ n: 5 }]);
  });

  it('runs prepared statements inside a transaction, which commits or rolls back as a whole', async () => {
    const rename = (id: number, body: string) => sql`update notes set body = ${body} where id = ${id}`;
    const bodies = async () => (await db.execute(sql`select body from notes where id < ${3} order by id`)).rows;
    for (let run = 0; run < 3; run += 1) await db.execute(rename(9, 'warm'));

    await db.transaction(async (tx) => {
      await tx.execute(rename(1, 'one'));
      await tx.execute(rename(2, 'two'));
    });
    expect(await bodies()).toEqual([{ body: 'one' }, { body: 'two' }]);

    await expect(
      db.transaction(async (tx) => {
        await tx.execute(rename(1, 'lost'));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await bodies()).toEqual([{ body: 'one' }, { body: 'two' }]);

    // Statements outside a transaction wait for it: the other caller never sees its uncommitted row.
    const one = sql`select body from notes where id = ${1}`;
    for (let run = 0; run < 3; run += 1) expect((await db.execute(one)).rows).toEqual([{ body: 'one' }]);
    let seenInside: unknown[] = [];
    let meanwhile: Promise<{ rows: unknown[] }> | undefined;
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(rename(1, 'uncommitted'));
        seenInside = (await tx.execute(one)).rows;
        // Sent from outside the transaction while it is open (not awaited here: it waits for the rollback).
        // (drizzle runs a query once it is awaited or then'd: `then` sends it now.)
        meanwhile = db.execute(one).then((result) => result);
        for (let run = 0; run < 3; run += 1) await tx.execute(one);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(seenInside).toEqual([{ body: 'uncommitted' }]);
    expect((await meanwhile!).rows).toEqual([{ body: 'one' }]);
  });
});
