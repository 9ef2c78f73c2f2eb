import { ASSESSMENT_LIMITS, CLASS_LIMITS, type TeacherClass } from '@lyceum/contract';
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { createTokenService } from '../src/auth/tokens.js';
import { loadConfig, testRedisUrl, type Config } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { EVERY_TYPE, setUpQuiz, startAttempt } from './assessment-helpers.js';
import { createCourse } from './course-helpers.js';
import { bearer, createUser, TEST_SECRET, type TestContext } from './helper.js';

// Runs only when TEST_REDIS_URL names a Redis server; vitest.config.ts leaves this file out otherwise.
const redisUrl = testRedisUrl();

describe('guessing limits shared through Redis by every app process (issue 46.7, 46.8)', () => {
  let database: Database;
  let config: Config;
  const nodes: FastifyInstance[] = [];
  const on = (i: number): TestContext => ({ app: nodes[i]!, database, config });

  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
    config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      REDIS_URL: redisUrl!,
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      API_WRITE_RATE_LIMIT_PER_MINUTE: '10000',
      REDIS_TIMEOUT_MS: '5000',
      JOB_RUNNER: 'off',
    });
    for (let i = 0; i < 2; i += 1) {
      const app = await buildApp({ config, database, tokens: createTokenService(TEST_SECRET) });
      await app.ready();
      nodes.push(app);
    }
    await vi.waitFor(
      async () => {
        for (const app of nodes)
          expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({ redis: 'up' });
      },
      { timeout: 10_000 },
    );
  });
  afterAll(async () => {
    for (const app of nodes) await app.close();
    await database?.close();
  });

  it('counts wrong access passwords of one student on every node together', async () => {
    const quiz = await setUpQuiz(
      on(0),
      { password: 'open sesame' },
      EVERY_TYPE.filter((q) => q.content.type === 'true_false'),
    );
    for (let i = 0; i < ASSESSMENT_LIMITS.wrongPasswordsPerWindow; i += 1)
      expect((await startAttempt(on(i % 2), quiz, quiz.student, { password: `guess ${i}` })).statusCode).toBe(403);
    for (const i of [0, 1]) {
      const locked = await startAttempt(on(i), quiz, quiz.student, { password: 'open sesame' });
      expect(locked.statusCode).toBe(429);
      expect(locked.headers['retry-after']).toBeDefined();
    }
  });

  it('counts wrong class codes from one address on every node together, and still lets a fresh account join', async () => {
    const teacher = await createUser(on(0), 'teacher');
    const courseId = (await createCourse(on(0), teacher.token, { title: 'Physics', status: 'published' })).id;
    const cls = (
      await nodes[0]!.inject({
        method: 'POST',
        url: '/api/classes',
        headers: bearer(teacher.token),
        payload: { name: 'Period 6', courseIds: [courseId] },
      })
    ).json<TeacherClass>();
    const join = (i: number, token: string, code: string) =>
      nodes[i]!.inject({
        method: 'POST',
        url: '/api/classes/join',
        headers: bearer(token),
        payload: { code },
        remoteAddress: school,
      });
    // Redis outlives the test database: an address of this run only.
    const school = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    let wrong = 0;
    while (wrong < CLASS_LIMITS.wrongCodesPerIp) {
      const guesser = await createUser(on(0), 'student');
      for (let i = 0; i < CLASS_LIMITS.wrongCodesPerUser && wrong < CLASS_LIMITS.wrongCodesPerIp; i += 1, wrong += 1)
        expect((await join(wrong % 2, guesser.token, 'ZZZZZZ2')).statusCode).toBe(404);
    }
    const late = await createUser(on(0), 'student');
    expect((await join(1, late.token, 'ZZZZZZ3')).statusCode).toBe(429);
    expect((await join(0, late.token, cls.code)).statusCode).toBe(429);
    const classmate = await createUser(on(0), 'student');
    expect((await join(1, classmate.token, cls.code)).statusCode).toBe(200);
  });
});
