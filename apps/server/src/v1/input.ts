import { IdSchema } from '@lyceum/contract';
import type { z } from 'zod';
import { fieldError } from '../lib/errors.js';

/** v1-api.md §2.4: `<field> is required`, `<field> is invalid`, `<field> is too long`, or the contract's reason. */
function describeIssue(issue: z.core.$ZodIssue, value: unknown): string {
  const blank = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  if (blank && issue.code !== 'custom') return 'is required';
  if (issue.code === 'invalid_type' || issue.code === 'invalid_union' || issue.code === 'invalid_value') {
    return 'is invalid';
  }
  if (issue.code === 'too_big' && issue.origin === 'string') return 'is too long';
  return issue.message;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current = input;
  for (const key of path) {
    if (!current || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/**
 * Parses `input` with a contract schema; the first problem becomes a 400 naming the v1 field (`names` maps
 * contract field names to the v1 client's).
 */
export function parseWith<S extends z.ZodType>(
  schema: S,
  input: unknown,
  field: string,
  names: Record<string, string> = {},
): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const key = issue.path[0];
  const name = key === undefined ? field : (names[String(key)] ?? String(key));
  throw fieldError(name, describeIssue(issue, valueAt(input, issue.path)));
}

/** An id field: missing → `<field> is required`, malformed or not a string → `<field> is invalid`. */
export function parseId(value: unknown, field: string): string {
  if (value === undefined || value === null || value === '') throw fieldError(field, 'is required');
  const result = IdSchema.safeParse(typeof value === 'string' ? value.trim() : value);
  if (!result.success) throw fieldError(field, 'is invalid');
  return result.data;
}

/** An object-valued field such as `courseDetails`; anything else is missing. */
export function requireObject(value: unknown, field: string): Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw fieldError(field, 'is required');
  return value as Record<string, unknown>;
}
