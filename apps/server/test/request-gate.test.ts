import type { AddressInfo } from 'node:net';
import { request as httpRequest } from 'node:http';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_BUSY, registerRequestGate } from '../src/lib/request-gate.js';

/** A gate of `maxPending` places on a bare Fastify app over real sockets (inject has no connection to drop). */
async function gatedApp(maxPending: number) {
  const app = Fastify();
  const gate = registerRequestGate(app, {
    maxPending,
    retryAfterSeconds: 1,
    isDatabaseRoute: (route) => route.startsWith('/api/'),
  });
  const entered: (() => void)[] = [];
  let finish!: () => void;
  const canFinish = new Promise<void>((resolve) => (finish = resolve));
  app.post('/api/slow', async () => {
    entered.shift()?.();
    await canFinish;
    return { ok: true };
  });
  app.post('/api/fast', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  /** Sends a POST with its body, waits until the handler runs, then leaves (closes the connection). */
  const leaveAfterBody = async () => {
    const inHandler = new Promise<void>((resolve) => entered.push(resolve));
    const req = httpRequest({ port, host: '127.0.0.1', method: 'POST', path: '/api/slow' });
    req.on('error', () => {});
    req.setHeader('content-type', 'application/json');
    req.end('{"answer":42}');
    await inHandler;
    req.destroy();
  };
  const post = (path: string) => fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST' });
  return { app, gate, finish, leaveAfterBody, post };
}

let close: (() => Promise<unknown>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

/** Waits (event-loop turns, bounded) until the condition holds. */
async function until(condition: () => boolean) {
  for (let i = 0; i < 400 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('the request gate gives a place back for every request (issue 20: the exam bench met 503s)', () => {
  it('when a client leaves after its body arrived and before the answer, its place is given back', async () => {
    const { app, gate, finish, leaveAfterBody, post } = await gatedApp(2);
    close = () => app.close();
    await leaveAfterBody();
    await leaveAfterBody();
    // Both handlers still run, and answer into closed connections.
    finish();
    await until(() => gate.pending === 0);
    expect(gate.pending).toBe(0);
    // The next two requests are served, not refused as if the two who left still waited.
    const [a, b] = await Promise.all([post('/api/fast'), post('/api/fast')]);
    expect([a.status, b.status]).toEqual([200, 200]);
  });

  it('still refuses past the bound while requests are in flight', async () => {
    const { app, gate, finish, post } = await gatedApp(1);
    close = () => app.close();
    const first = post('/api/slow');
    await until(() => gate.pending === 1);
    const refused = await post('/api/fast');
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ message: DATABASE_BUSY });
    finish();
    expect((await first).status).toBe(200);
    await until(() => gate.pending === 0);
    expect((await post('/api/fast')).status).toBe(200);
  });
});
