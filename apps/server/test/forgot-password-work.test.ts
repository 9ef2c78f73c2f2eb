import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.js';
import type { MailMessage } from '../src/lib/mailer.js';
import { countQueries } from './course-helpers.js';
import { createUser, uniqueEmail, useTestApp } from './helper.js';

const sent: MailMessage[] = [];
const ctx = useTestApp({
  env: { RESET_REQUESTS_PER_CLIENT_PER_HOUR: '5' },
  mailer: { send: async (message) => void sent.push(message), close: () => undefined },
});

function forgot(email: string, remoteAddress = '127.0.0.1') {
  return ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress });
}

/** The statements' text with their parameters left out: what the database was asked to do. */
const shapes = (statements: string[]) => statements.map((text) => text.replace(/\s+/g, ' ').trim());

describe('forgot-password does the same work for unknown addresses (issue 13.9)', () => {
  it('sends the same SQL statements for an existing, an unknown and a suspended address', async () => {
    const student = await createUser(ctx, 'student');
    const known = await countQueries(ctx.database, () => forgot(student.email, '198.51.100.1'));
    const unknown = await countQueries(ctx.database, () => forgot(uniqueEmail('nobody'), '198.51.100.2'));
    expect(known.length).toBeGreaterThan(1);
    expect(shapes(unknown)).toEqual(shapes(known));
    const suspended = await createUser(ctx, 'student');
    await ctx.database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, suspended.user.id));
    const inactive = await countQueries(ctx.database, () => forgot(suspended.email, '198.51.100.3'));
    expect(shapes(inactive)).toEqual(shapes(known));
    // Only the existing, active account got a mail.
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent.map((mail) => mail.to)).toEqual([student.email]);
  });
});

describe('reset requests per client (issue 13.9, ADR 031)', () => {
  it('slows down one client asking for many addresses, not the owner asking from their own device', async () => {
    const victim = await createUser(ctx, 'student');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await forgot(uniqueEmail('probe'), '203.0.113.9')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const limited = await forgot(victim.email, '203.0.113.9');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(60);

    sent.length = 0;
    const own = await forgot(victim.email, '192.0.2.44');
    expect(own.statusCode).toBe(200);
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent.map((mail) => mail.to)).toEqual([victim.email]);
  });
});
