import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * Statements PostgreSQL plans once per connection (ADR 019, session 12). On the bench's data a page of course cards
 * (four tables joined) took 0.28 ms to plan and 0.05 ms to run, and most reads are like it: the planner, not the
 * executor, was most of the database's time. node-postgres prepares a statement that has a name once per
 * connection and then only binds it; after five runs PostgreSQL keeps a generic plan when it costs no more than the
 * custom ones (plan_cache_mode auto), so it also stops planning.
 *
 * A statement gets a name (a hash of its text) once the same text has been sent `seenBefore` times with
 * parameters, so one-off texts (an import's multi-row insert, a search of twelve words) are never kept. At most
 * `shapes` texts are named per process, so no connection keeps more than that many statements. Texts without
 * parameters (migrations, `begin`, `select 1`) keep the simple protocol, which allows several statements.
 */
export const AUTO_PREPARE_LIMITS = {
  /** Named texts per process, and so prepared statements per connection. */
  shapes: 400,
  /** Runs of a text before it is named (the runs after it are the ones planned once). */
  seenBefore: 3,
  /** Longer texts are never named. */
  maxTextLength: 16_384,
  /** Texts counted towards `seenBefore` before the counts start again. */
  tracked: 10_000,
};

/**
 * A statement whose text holds this comment is never named: PostgreSQL plans it for its values on every run. For the
 * few statements whose generic plan measured slower than their custom plans (the grading inbox: 51 → 40 req/s on
 * the bench's data), which carry it in their text.
 */
export const PLAN_EACH_TIME = '/* lyceum:plan-each-time */';

export class StatementShapes {
  private readonly named = new Map<string, string>();
  private readonly seen = new Map<string, number>();

  constructor(private readonly limits = AUTO_PREPARE_LIMITS) {}

  /** The name to prepare `text` under, or undefined to send it unnamed this time. */
  nameFor(text: string): string | undefined {
    const known = this.named.get(text);
    if (known !== undefined) return known;
    if (text.length > this.limits.maxTextLength || this.named.size >= this.limits.shapes) return undefined;
    if (text.includes(PLAN_EACH_TIME)) return undefined;
    const times = (this.seen.get(text) ?? 0) + 1;
    if (times < this.limits.seenBefore) {
      if (this.seen.size >= this.limits.tracked) this.seen.clear();
      this.seen.set(text, times);
      return undefined;
    }
    this.seen.delete(text);
    const name = `lyceum_auto_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
    this.named.set(text, name);
    return name;
  }

  /** How many texts have a name. */
  get size(): number {
    return this.named.size;
  }
}

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  values?: unknown;
}

/**
 * A pg.Client (for pg.Pool's `Client` option) that names the statements `shapes` chooses. Statements that already
 * have a name (the hand-prepared ones) are left as they are.
 */
export function autoPreparingClient(shapes: StatementShapes): typeof pg.Client {
  const query = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
  class AutoPreparingClient extends pg.Client {}
  Object.defineProperty(AutoPreparingClient.prototype, 'query', {
    value: function autoPreparedQuery(this: pg.Client, config: unknown, ...rest: unknown[]) {
      if (config !== null && typeof config === 'object') {
        const { text, name, values } = config as QueryConfigLike;
        const params = Array.isArray(rest[0]) ? rest[0] : values;
        if (typeof text === 'string' && !name && Array.isArray(params) && params.length > 0) {
          const chosen = shapes.nameFor(text);
          if (chosen !== undefined) return query.call(this, { ...config, name: chosen }, ...rest);
        }
      }
      return query.call(this, config, ...rest);
    },
    writable: true,
    configurable: true,
  });
  return AutoPreparingClient;
}
