import { rmSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { RouteAccess } from '#auth/access.js';
import { createUser, useTestApp, type TestUser } from '../helper.js';
import {
  createCast,
  createFixtures,
  routeCollector,
  samples,
  tinyPng,
  tinyWebBuild,
  type Cast,
  type Fixtures,
  type Sample,
} from './route-table.js';

/**
 * Issue 13, the permanent suite (c): hostile bodies and ids on every write route — NUL bytes, oversize strings,
 * wrong types, missing and extra fields, deep nesting, huge arrays, invalid UUIDs — sent by a caller the route
 * admits, so the input reaches validation and the services. No answer may be a 5xx. fast-check with a fixed seed
 * and a bounded number of runs per route keeps it repeatable and fast.
 */
const SEED = 13;
const RUNS_PER_ROUTE = inject('securityProfile') === 'quick' ? 8 : 30;

const collector = routeCollector();
const webDir = tinyWebBuild();
const ctx = useTestApp({ onRoute: collector.onRoute, env: { WEB_DIST_DIR: webDir } });
afterAll(() => rmSync(webDir, { recursive: true, force: true }));

let cast: Cast & { adminB: TestUser };
let fixtures: Fixtures;
let image: Buffer;

beforeAll(async () => {
  const base = await createCast(ctx);
  cast = { ...base, adminB: await createUser(ctx, 'admin') };
  fixtures = await createFixtures(ctx, cast);
  image = await tinyPng();
});

/** A caller the route admits: the records' owner where it names one, else one of its roles. */
function callerFor(access: RouteAccess): TestUser | null {
  if (access.who === 'public') return null;
  if (access.scope === 'course-teacher') return cast.teacherA;
  if (access.scope === 'owner' || access.scope === 'enrolled') return cast.studentA;
  const role = Array.isArray(access.who) ? access.who[0] : 'student';
  return { student: cast.studentA, teacher: cast.teacherA, admin: cast.admin }[role as 'student'] ?? cast.studentA;
}

function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
}

const HUGE_ARRAY = Array.from({ length: 20_000 }, (_, i) => `item ${i}`);
const hostileValue = fc.oneof(
  fc.constant('a\u0000b'),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constant('<oversize string>'),
  fc.constant('\uD800 lone surrogate'),
  fc.constant("'; drop table users; --"),
  fc.constant('<img src=x onerror=alert(1)>'),
  fc.integer(),
  fc.double(),
  fc.constant(1e308),
  fc.constant(null),
  fc.boolean(),
  fc.array(fc.string({ maxLength: 10 }), { maxLength: 5 }),
  fc.constant('<huge array>'),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 4 }),
  fc.constant('<deeply nested>'),
  fc.constant('not-a-uuid'),
  fc.constant('00000000-0000-0000-0000-000000000000'),
);
const hostileId = fc.constantFrom(
  'not-a-uuid',
  '%00',
  'x'.repeat(3_000),
  '00000000-0000-0000-0000-000000000000',
  '..%2F..%2Fetc%2Fpasswd',
  '1',
  '%F0%9F%98%80',
);

type Mutation =
  | { kind: 'set'; path: string[]; value: unknown }
  | { kind: 'delete'; path: string[] }
  | { kind: 'extra'; key: string; value: unknown }
  | { kind: 'body'; value: unknown }
  | { kind: 'id'; value: string };

/** Every field path of a JSON body, nested objects included. */
function pathsOf(value: unknown, prefix: string[] = []): string[][] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => [
    [...prefix, key],
    ...pathsOf(child, [...prefix, key]),
  ]);
}

function mutationArb(sample: Sample): fc.Arbitrary<Mutation[]> {
  const paths = pathsOf(sample.payload);
  const options: fc.Arbitrary<Mutation>[] = [
    fc.record({
      kind: fc.constant('extra' as const),
      key: fc.constantFrom('__proto__', 'constructor', 'extra', 'role', 'id', 'a\u0000'),
      value: hostileValue,
    }),
    fc.record({ kind: fc.constant('body' as const), value: hostileValue }),
  ];
  if (paths.length > 0) {
    options.push(
      fc.record({ kind: fc.constant('set' as const), path: fc.constantFrom(...paths), value: hostileValue }),
      fc.record({ kind: fc.constant('delete' as const), path: fc.constantFrom(...paths) }),
    );
  }
  if (/[0-9a-f]{8}-[0-9a-f]{4}-/.test(sample.url)) {
    options.push(fc.record({ kind: fc.constant('id' as const), value: hostileId }));
  }
  return fc.array(fc.oneof(...options), { minLength: 1, maxLength: 3 });
}

/** Big values are named in the arbitraries (so a counterexample prints short) and built here. */
function expand(value: unknown): unknown {
  if (value === '<huge array>') return HUGE_ARRAY;
  if (value === '<deeply nested>') return nested(2_000);
  if (value === '<oversize string>') return 'x'.repeat(300_000);
  return value;
}

function apply(sample: Sample, mutations: Mutation[]): { url: string; payload: unknown } {
  let url = sample.url;
  let payload: unknown = structuredClone(sample.payload ?? {});
  for (const mutation of mutations) {
    if (mutation.kind === 'id') {
      url = url.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/, mutation.value);
    } else if (mutation.kind === 'body') {
      payload = expand(mutation.value);
    } else if (payload && typeof payload === 'object' && !Array.isArray(payload)) {
      if (mutation.kind === 'extra') {
        Object.defineProperty(payload, mutation.key, {
          value: expand(mutation.value),
          enumerable: true,
          configurable: true,
          writable: true,
        });
        continue;
      }
      let target = payload as Record<string, unknown>;
      for (const key of mutation.path.slice(0, -1)) {
        const next = target[key];
        if (!next || typeof next !== 'object') break;
        target = next as Record<string, unknown>;
      }
      const last = mutation.path.at(-1)!;
      if (mutation.kind === 'delete') delete target[last];
      else target[last] = expand(mutation.value);
    }
  }
  return { url, payload };
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

describe('hostile input on every write route: never a 5xx', () => {
  it('every write route, fuzzed with a fixed seed', async () => {
    const writes = collector.callable().filter((route) => WRITE_METHODS.has(route.method));
    expect(writes.length).toBeGreaterThan(45);
    let requests = 0;
    for (const route of writes) {
      const make = samples(fixtures, cast, image)[`${route.method} ${route.url}`];
      expect(make, `a sample request for ${route.method} ${route.url}`).toBeDefined();
      const sample = make!();
      // Multipart routes get JSON here (→ 415); their parts are covered by their own tests.
      if (Buffer.isBuffer(sample.payload)) continue;
      const caller = callerFor(route.access as RouteAccess);
      await fc.assert(
        fc.asyncProperty(mutationArb(sample), async (mutations) => {
          const { url, payload } = apply(sample, mutations);
          const body = JSON.stringify(payload) ?? 'null';
          const res = await ctx.app.inject({
            method: route.method as 'POST',
            url,
            headers: {
              'content-type': 'application/json',
              ...(caller ? { authorization: `Bearer ${caller.token}` } : {}),
            },
            payload: body,
          });
          requests += 1;
          if (caller && res.statusCode === 200 && url.startsWith('/api/me')) {
            const token = (res.json() as { token?: unknown }).token;
            if (typeof token === 'string') caller.token = token;
          }
          if (res.statusCode >= 500) {
            throw new Error(`${route.method} ${url} answered ${res.statusCode} ${res.body.slice(0, 200)}`);
          }
        }),
        { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    }
    console.warn(`[security] hostile input: ${writes.length} write routes, ${requests} requests, 0 5xx`);
  });
});
