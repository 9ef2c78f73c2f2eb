import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Large answers written by a serializer compiled from their schema (ADR 019, session 22). Every other answer goes
 * through the zod provider, which encodes the data with the schema (checking every value) and then stringifies it:
 * on a large course's outline (600 items, 150 KB) that was 2.2 ms of a 5 ms request, against 0.64 ms for
 * fast-json-stringify compiled from the same schema (z.toJSONSchema) — Fastify's own serializer. It writes only the
 * properties the schema declares, as zod's encode does, so nothing undeclared leaves the server either way.
 *
 * A schema opts in where its route declares it (`compiledJson(Schema)`); the app's serializer compiler
 * (`serializerCompiler` here) then compiles it. With `check` (the tests) each compiled answer is compared with what
 * the zod provider writes for the same data (the same JSON value, keys in any order), and a difference is a 500: every test that reads such a route checks it.
 */
const compiled = new WeakSet<object>();

/** The schema, marked to be serialized by a compiled serializer (the same object, for the route's `response`). */
export function compiledJson<T extends z.ZodType>(schema: T): T {
  compiled.add(schema);
  return schema;
}

/**
 * The JSON schema without its string formats. A serializer writes a string as a string whatever its format, but where
 * a value may be one of several schemas (`anyOf`: a nullable date, `null` or a string) fast-json-stringify picks the
 * branch by validating the value, formats included: a sheet of 500 rows with a nullable date-time spent a sixth of
 * its time checking dates the database wrote. The check (tests) still compares every answer with zod's.
 */
function withoutFormats(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutFormats);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema))
    if (!(key === 'format' && typeof value === 'string')) out[key] = withoutFormats(value);
  return out;
}

/** The app's response serializer compiler: compiled for the marked schemas, the zod provider's for the rest. */
export function serializerCompiler(options: { check: boolean }): FastifySerializerCompiler<unknown> {
  return (route) => {
    const zodSerializer = zodSerializerCompiler(route as never) as (data: unknown) => string;
    const schema = route.schema as object;
    if (!compiled.has(schema)) return zodSerializer;
    const write = fastJson(
      withoutFormats(z.toJSONSchema(schema as z.ZodType, { io: 'output', unrepresentable: 'any' })) as never,
    );
    if (!options.check) return (data: unknown) => write(data as never);
    return (data: unknown) => {
      const written = write(data as never);
      const expected = zodSerializer(data);
      // The same JSON value; the order of an object's keys may differ (zod writes optional keys where it finds them).
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        let at = 0;
        while (written[at] === expected[at]) at++;
        const near = (text: string) => text.slice(Math.max(0, at - 60), at + 60);
        throw new Error(
          `${route.method} ${route.url}: the compiled serializer wrote …${near(written)}… where zod writes …${near(expected)}…`,
        );
      }
      return written;
    };
  };
}
