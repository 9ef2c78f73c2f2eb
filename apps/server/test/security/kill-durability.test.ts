import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { freePort } from '../free-port.js';
import { childServers } from './child-server.js';

/**
 * Issue 13, the permanent suite (d): the real server as a child process, killed with SIGKILL while writes are in
 * flight, then restarted on the same data. Every write it acknowledged must be there, exactly once. Runs on the
 * embedded database, and on PostgreSQL in the postgres project. Bounded: a few rounds of a few seconds.
 */
const ROUNDS = inject('securityProfile') === 'quick' ? 1 : 3;
const ACKS_BEFORE_KILL = 30;
const STREAMS = 4;

const { databaseUrl, startServer } = childServers('kill');

async function api(base: string, method: string, url: string, token?: string, body?: object) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('kill -9 durability', () => {
  it(`acknowledged writes survive ${ROUNDS} SIGKILLs mid-stream, each exactly once`, { timeout: 240_000 }, async () => {
    const database = await databaseUrl();
    let server = await startServer(await freePort(), database);

    const email = `durable.${randomUUID().slice(0, 8)}@example.com`;
    const password = 'a-long-unusual-password';
    const registered = await api(server.base, 'POST', '/api/auth/register', undefined, {
      email,
      password,
      firstname: 'Dura',
      lastname: 'Ble',
      phone: '+1 555 0199',
      role: 'student',
    });
    expect(registered.status).toBe(201);
    const login = await api(server.base, 'POST', '/api/auth/login', undefined, { email, password });
    const token = String(login.body.token);

    /** Every acknowledged answer: question id → the texts the server answered 201 for. */
    const acknowledged = new Map<string, string[]>();
    let attempted = 0;

    for (let round = 0; round < ROUNDS; round += 1) {
      const asked = await api(server.base, 'POST', '/api/forum/questions', token, {
        question: `Durability round ${round}?`,
        description: 'Answers are written while the server is killed.',
        tags: ['durability'],
      });
      expect(asked.status).toBe(201);
      const questionId = String(asked.body.id);
      const acks: string[] = [];
      acknowledged.set(questionId, acks);

      // STREAMS writers in parallel; the server is killed as soon as ACKS_BEFORE_KILL were acknowledged, with
      // the other writes still in flight.
      let killed = false;
      const kill = () => {
        if (!killed) server.child.kill('SIGKILL');
        killed = true;
      };
      await Promise.all(
        Array.from({ length: STREAMS }, async (_, stream) => {
          for (let i = 0; !killed; i += 1) {
            const text = `round ${round} stream ${stream} write ${i}`;
            attempted += 1;
            try {
              const res = await api(server.base, 'POST', `/api/forum/questions/${questionId}/answers`, token, {
                answer: text,
              });
              if (res.status === 201) acks.push(text);
              else if (!killed) throw new Error(`write answered ${res.status} ${JSON.stringify(res.body)}`);
            } catch (error) {
              if (!killed) throw error;
            }
            if (acks.length >= ACKS_BEFORE_KILL) kill();
          }
        }),
      );
      await server.exited;

      server = await startServer(await freePort(), database);
      // Every acknowledged write of every round so far: present, and exactly once.
      for (const [id, texts] of acknowledged) {
        const detail = await api(server.base, 'GET', `/api/forum/questions/${id}`);
        expect(detail.status).toBe(200);
        const stored = (detail.body.answers as { answer: string }[]).map((answer) => answer.answer);
        for (const text of texts)
          expect(
            stored.filter((answer) => answer === text),
            text,
          ).toHaveLength(1);
        // Writes in flight at the kill may or may not have landed, but never twice.
        expect(new Set(stored).size).toBe(stored.length);
      }
    }
    server.child.kill('SIGTERM');
    await server.exited;
    const total = [...acknowledged.values()].reduce((sum, texts) => sum + texts.length, 0);
    expect(total).toBeGreaterThanOrEqual(ROUNDS * ACKS_BEFORE_KILL);
    console.warn(
      `[security] kill -9 (${database ? 'postgres' : 'pglite'}): ${ROUNDS} rounds, ${total} acknowledged of ${attempted} sent, none lost or doubled`,
    );
  });
});
