import type { FastifyRequest } from 'fastify';
import { NUL_MESSAGE } from '@lyceum/contract';
import { fieldError } from './errors.js';

/**
 * Where in a parsed body, query or params the first U+0000 sits (in a string or a key), as a dotted path, or
 * null. Walked iteratively, so a deeply nested body cannot overflow the stack.
 */
export function findNul(value: unknown, root: string): string | null {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path;
    } else if (current && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, child] of Object.entries(current as Record<string, unknown>)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return path || root;
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}

/**
 * Defence in depth behind the contract's text schemas: a request whose query, params or JSON body still holds a
 * NUL (a field no schema describes, a v1 field read by hand) is refused with 400 naming the field, before any
 * service or database sees it.
 */
export async function rejectNulBytes(request: FastifyRequest): Promise<void> {
  for (const [part, value] of [
    ['query', request.query],
    ['params', request.params],
    ['body', request.body],
  ] as const) {
    const path = findNul(value, '');
    if (path !== null) throw fieldError(path || part, NUL_MESSAGE);
  }
}
