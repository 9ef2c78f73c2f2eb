import type { NotificationList } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATIONS_CHANNEL, raiseEvent } from '../src/lib/events.js';
import { countQueries } from './course-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

const ctx = useTestApp({ env: { JOB_RUNNER: 'off' } });
const ROWS = 12_000;

let user: TestUser;

beforeAll(async () => {
  user = await createUser(ctx, 'student');
  const other = await createUser(ctx, 'student');
  // 12,000 notifications of the user (a third read) and as many of someone else, in the table together.
  for (const id of [user.user.id, other.user.id]) {
    await ctx.database.db.execute(sql`
      insert into notifications (user_id, type, title, body, link, read_at)
      select ${id}::uuid, case when n % 2 = 0 then 'forum.answer' else 'review.new' end, 'Title ' || n, 'Body ' || n,
        '/forum', case when n % 3 = 0 then now() else null end
      from generate_series(1, ${ROWS}) as n`);
  }
}, 60_000);

describe(`a user with ${ROWS} notifications`, () => {
  it('lists a page (newest first), its next page, and the capped unread count in a bounded number of queries', async () => {
    let res: Awaited<ReturnType<typeof ctx.app.inject>> | undefined;
    const statements = await countQueries(ctx.database, async () => {
      res = await ctx.app.inject({
        method: 'GET',
        url: '/api/notifications?limit=50&type=forum.answer&unread=true',
        headers: bearer(user.token),
      });
    });
    expect(res!.statusCode).toBe(200);
    const page = res!.json<NotificationList>();
    expect(page.items).toHaveLength(50);
    expect(page.items.every((n) => n.type === 'forum.answer' && !n.read)).toBe(true);
    expect(page.unread).toBe(100);
    // The page carries the count: one statement (the session's read is left out of the count).
    expect(statements).toHaveLength(1);
    const next = await ctx.app.inject({
      method: 'GET',
      url: `/api/notifications?limit=50&type=forum.answer&unread=true&before=${page.nextBefore}`,
      headers: bearer(user.token),
    });
    const second = next.json<NotificationList>();
    expect(second.items[0]!.seq).toBeLessThan(page.items[49]!.seq);
    expect(second.unread).toBe(100);
  });

  it('a page past the end is empty and still tells the unread count, in two statements', async () => {
    let res: Awaited<ReturnType<typeof ctx.app.inject>> | undefined;
    const statements = await countQueries(ctx.database, async () => {
      res = await ctx.app.inject({ method: 'GET', url: '/api/notifications?before=1', headers: bearer(user.token) });
    });
    expect(res!.json<NotificationList>()).toMatchObject({ items: [], nextBefore: null, unread: 100 });
    expect(statements).toHaveLength(2);
  });

  it("marks all read in one statement and the bell's count is 0", async () => {
    const statements = await countQueries(ctx.database, async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/notifications/read',
        headers: bearer(user.token),
        payload: { all: true },
      });
      expect(res.json()).toEqual({ unread: 0 });
    });
    expect(statements.length).toBeLessThanOrEqual(3);
  });
});

describe('a fan-out to 500 recipients', () => {
  it('writes 500 notifications and their 500 mail jobs in one transaction (batched inserts)', async () => {
    await ctx.database.db.execute(sql`
      insert into users (role, email, firstname, lastname, username, password_hash)
      select 'student', 'fan' || n || '@example.com', 'Fan', 'Out ' || n, 'fan-out-' || n, 'x'
      from generate_series(1, 500) as n`);
    const result = await ctx.database.db.execute(sql`select id from users where username like 'fan-out-%'`);
    const recipients = (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
    expect(recipients).toHaveLength(500);
    const told: string[] = [];
    const stop = await ctx.database.listen(NOTIFICATIONS_CHANNEL, (payload) => told.push(payload));
    const started = performance.now();
    await ctx.database.db.transaction((tx) =>
      raiseEvent(tx, {
        type: 'forum.answer',
        recipients,
        data: { questionId: recipients[0]!, questionTitle: 'Fan-out', authorName: 'Bench', excerpt: 'One to many.' },
      }),
    );
    const ms = performance.now() - started;
    const counts = await ctx.database.db.execute(sql`
      select (select count(*)::int from notifications where type = 'forum.answer' and title like '%Fan-out%') as notes,
             (select count(*)::int from jobs where name = 'notifications.mail') as jobs`);
    expect((counts as unknown as { rows: unknown[] }).rows[0]).toEqual({ notes: 500, jobs: 500 });
    // Written in the recipients' order; the live streams told every recipient once, at most 150 ids to a NOTIFY.
    const order = await ctx.database.db.execute(sql`
      select user_id from notifications where type = 'forum.answer' and title like '%Fan-out%' order by seq`);
    expect((order as unknown as { rows: { user_id: string }[] }).rows.map((row) => row.user_id)).toEqual(recipients);
    await expect.poll(() => told.flatMap((payload) => payload.split(',')).length).toBe(500);
    expect(told.flatMap((payload) => payload.split(',')).sort()).toEqual([...recipients].sort());
    expect(told.map((payload) => payload.split(',').length).sort((a, b) => b - a)).toEqual([150, 150, 150, 50]);
    await stop();
    console.warn(`[scale] raiseEvent to 500 recipients: ${ms.toFixed(0)} ms`);
  });
});
