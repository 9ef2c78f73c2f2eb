import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledJson, serializerCompiler } from '../src/lib/compiled-json.js';

const Row = z.object({
  id: z.string(),
  score: z.number().nullable(),
  tags: z.array(z.string()),
  note: z.string().optional(),
});
const Page = z.object({ items: z.array(Row), total: z.number(), more: z.boolean().optional() });
const marked = compiledJson(Page.extend({}));
const route = (schema: unknown) => ({ schema, method: 'GET', url: '/rows', httpStatus: '200' }) as never;

describe('compiled response serializers (lib/compiled-json.ts)', () => {
  const rows = {
    items: [
      { id: 'a', score: 4.5, tags: ['x'], passwordHash: 'secret', note: 'n' },
      { id: 'b', score: null, tags: [], internal: { deep: true } },
    ],
    total: 2,
    more: true,
    debug: 'left out',
  };

  it('writes what zod writes, undeclared keys left out, for a marked schema', () => {
    const written = serializerCompiler({ check: false })(route(marked))(rows) as string;
    expect(JSON.parse(written)).toEqual({
      items: [
        { id: 'a', score: 4.5, tags: ['x'], note: 'n' },
        { id: 'b', score: null, tags: [] },
      ],
      total: 2,
      more: true,
    });
    expect(JSON.parse(written)).toEqual(JSON.parse(serializerCompiler({ check: false })(route(Page))(rows) as string));
  });

  it('checks each answer against zod when asked, and leaves unmarked schemas to zod', () => {
    const wrong = { items: [{ id: 7, score: 1, tags: [] }], total: 1 };
    // Compiled alone, a wrong type is coerced; checked (the tests), it is an error, as zod's own serializer makes it.
    expect(() => serializerCompiler({ check: false })(route(marked))(wrong)).not.toThrow();
    expect(() => serializerCompiler({ check: true })(route(marked))(wrong)).toThrow();
    expect(() => serializerCompiler({ check: false })(route(Page))(wrong)).toThrow();
  });
});
