import { types, type PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';

/**
 * drizzle's PGlite driver sends its own parsers with every query (timestamps, dates, intervals and their arrays kept
 * as the database's text), and PGlite merges them into its map of ~320 parsers on every query (`{...all, ...given}`):
 * measured at 84 µs a query, more than a whole `select 1` (126 µs without them, 219 µs with them). The client drizzle
 * is given (changed in place) has those parsers in its own map already and leaves the per-query copy out, so each
 * query reads the map as it is (issue 20: the embedded database runs every statement on the server's one thread, so
 * this was paid by every request).
 *
 * The per-query parsers are left out only when each of them keeps the text and the map already has the same
 * text-keeping parser for its type; any other (a caller's own, or a map changed since) is passed on as before.
 */
const KEEP_TEXT = (value: string) => value;

/**
 * The types drizzle-orm/pglite keeps as text (its session's `queryConfig`), with numeric[], timestamp[],
 * timestamptz[], interval[] and date[].
 */
const DRIZZLE_TEXT_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231,
  1115,
  1185,
  1187,
  1182,
];

/** A value any parser of those types changes unless it keeps the text. */
const TEXT_PROBE = '1999-01-08 04:05:06';

type Queryable = Pick<PGlite, 'query'>;

export function withDrizzleParsers(client: PGlite): PGlite {
  for (const type of DRIZZLE_TEXT_TYPES) client.parsers[type] = KEEP_TEXT;

  /** The options without their parsers when the map already has each of them; else as they are. */
  const lighter = (options: QueryOptions | undefined): QueryOptions | undefined => {
    if (!options?.parsers) return options;
    for (const [type, parser] of Object.entries(options.parsers)) {
      if (client.parsers[type] !== KEEP_TEXT || parser(TEXT_PROBE, Number(type)) !== TEXT_PROBE) return options;
    }
    const { parsers: _parsers, ...rest } = options;
    return rest;
  };

  // Own properties of this client (and of each transaction's), in front of PGlite's methods.
  const lighten = <T extends Queryable>(target: T): T => {
    const query = target.query.bind(target);
    target.query = ((text: string, params?: unknown[], options?: QueryOptions) =>
      query(text, params, lighter(options))) as T['query'];
    return target;
  };
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) => transaction((tx: Transaction) => callback(lighten(tx)));
  return lighten(client);
}
