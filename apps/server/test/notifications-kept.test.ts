import type { NotificationList } from '@lyceum/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../src/db/schema/index.js';
import { countQueries, readUntilKept } from './course-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

const ctx = useTestApp({ env: { JOB_RUNNER: 'off' } });

const list = async (user: TestUser, query = '') =>
  (
    await ctx.app.inject({ method: 'GET', url: `/api/notifications${query}`, headers: bearer(user.token) })
  ).json<NotificationList>();
const titles = async (user: TestUser, query = '') => (await list(user, query)).items.map((item) => item.title);
const note = (userId: string, title: string) => ({ userId, type: 'forum.answer', title, link: '/forum' });

describe("a user's notification list", () => {
  it('is kept until the database says their notifications changed, whoever changes them (migration 0035)', async () => {
    const [ann, bob] = [await createUser(ctx, 'student'), await createUser(ctx, 'teacher')];
    const db = ctx.database.db;
    await db.insert(notifications).values(note(ann.user.id, 'First'));
    expect(await titles(ann)).toEqual(['First']);

    // Read again: answered from what the process kept, without a statement on notifications.
    expect(await readUntilKept(ctx.database, () => list(ann), /notifications/)).toEqual([]);

    // Every change below is made in SQL, past the app's services: the triggers tell the process.
    await db.insert(notifications).values(note(ann.user.id, 'Second'));
    expect(await list(ann)).toMatchObject({ unread: 2, items: [{ title: 'Second' }, { title: 'First' }] });
    await db.update(notifications).set({ title: 'Second, edited' }).where(eq(notifications.title, 'Second'));
    expect(await titles(ann)).toEqual(['Second, edited', 'First']);
    await db.delete(notifications).where(eq(notifications.title, 'First'));
    expect(await titles(ann)).toEqual(['Second, edited']);

    // Another user's notification leaves this user's kept list alone (no statement), and shows in theirs at once.
    expect(await titles(bob)).toEqual([]);
    expect(await readUntilKept(ctx.database, () => list(ann), /notifications/)).toEqual([]);
    await db.insert(notifications).values(note(bob.user.id, 'For Bob'));
    const untouched = await countQueries(ctx.database, () => list(ann));
    expect(untouched.filter((text) => /notifications/.test(text))).toEqual([]);
    expect(await titles(bob)).toEqual(['For Bob']);

    // Marked read through the app: the reader's own list shows it at once, with the unread count.
    expect(await list(ann, '?unread=true')).toMatchObject({ unread: 1, items: [{ title: 'Second, edited' }] });
    const read = await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: bearer(ann.token),
      payload: { all: true },
    });
    expect(read.json()).toEqual({ unread: 0 });
    expect(await list(ann)).toMatchObject({ unread: 0, items: [{ title: 'Second, edited', read: true }] });
    expect(await list(ann, '?unread=true')).toMatchObject({ unread: 0, items: [] });
  });

  it('shows a notification written to hundreds of users in one statement in each of their lists', async () => {
    const [ann, bob] = [await createUser(ctx, 'student'), await createUser(ctx, 'student')];
    const db = ctx.database.db;
    await db.execute(sql`
      insert into users (role, email, firstname, lastname, username, password_hash)
      select 'student', 'kept-fan' || n || '@example.com', 'Fan', 'Out ' || n, 'kept-fan-' || n, 'x'
      from generate_series(1, 400) as n`);
    expect(await titles(ann)).toEqual([]);
    expect(await titles(bob)).toEqual([]);
    expect(await readUntilKept(ctx.database, () => list(ann), /notifications/)).toEqual([]);
    expect(await readUntilKept(ctx.database, () => list(bob), /notifications/)).toEqual([]);
    // One insert for 402 users: the trigger tells them 150 to a notification.
    await db.execute(sql`
      insert into notifications (user_id, type, title, link)
      select id, 'forum.answer', 'To everyone', '/forum' from users
      where username like 'kept-fan-%' or id in (${ann.user.id}, ${bob.user.id})`);
    expect(await titles(ann)).toEqual(['To everyone']);
    expect(await titles(bob)).toEqual(['To everyone']);
  });
});
