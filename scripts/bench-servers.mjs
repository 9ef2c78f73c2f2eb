// The bench's reference servers, one process each, printing their port on stdout:
//   hello — bare Fastify answering {"hello":"world"} (the ratio's denominator);
//   floor — Fastify answering one `select 1` through a pool (PostgreSQL with BENCH_FLOOR_URL, else embedded PGlite);
//   write-floor — Fastify taking a JSON body and committing one `insert … returning` through the same kind of pool
//          (issue 53.1: what a write costs with nothing else to do; each write row is also a share of it);
//   page — bare Fastify answering the bytes of BENCH_PAGE_FILE (a rendered page as the app sends it, brotli) with the
//          app's content type and encoding: what sending a page of that size costs with nothing else to do.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const kind = process.argv[2];
const app = Fastify({ logger: false });

if (kind === 'hello') {
  app.get('/', async () => ({ hello: 'world' }));
} else if (kind === 'floor') {
  let query;
  if (process.env.BENCH_FLOOR_URL) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: process.env.BENCH_FLOOR_URL, max: 10 });
    query = () => pool.query('select 1 as one');
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = new PGlite();
    await db.waitReady;
    query = () => db.query('select 1 as one');
  }
  app.get('/', async () => {
    const result = await query();
    return { one: result.rows[0].one };
  });
} else if (kind === 'write-floor') {
  const table = 'bench_write_floor';
  const create = `create table if not exists ${table} (id bigserial primary key, text text not null, at timestamptz not null default now())`;
  const insert = `insert into ${table} (text) values ($1) returning id, at`;
  let query;
  if (process.env.BENCH_FLOOR_URL) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: process.env.BENCH_FLOOR_URL, max: 10 });
    await pool.query(create);
    query = (text) => pool.query(insert, [text]);
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = new PGlite();
    await db.waitReady;
    await db.query(create);
    query = (text) => db.query(insert, [text]);
  }
  app.post('/', async (request, reply) => {
    const result = await query(String(request.body?.text ?? ''));
    return reply.code(201).send({ id: String(result.rows[0].id), at: result.rows[0].at });
  });
} else if (kind === 'page') {
  const body = readFileSync(process.env.BENCH_PAGE_FILE);
  app.get('/', async (request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('content-encoding', 'br')
      .header('vary', 'accept-encoding')
      .send(body),
  );
} else {
  console.error(`unknown server kind: ${kind}`);
  process.exit(2);
}

await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`port ${app.server.address().port}`);
