import {
  parse,
  protocol,
  type messages,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import { StatementShapes } from './auto-prepare.js';

type BackendMessage = messages.BackendMessage;

/**
 * Statements the embedded database plans once (ADR 019, session 26). PGlite's `query` sends each statement unnamed:
 * Parse, Describe, Bind, Describe, Execute and Sync, six calls into the WebAssembly module, and PostgreSQL plans it
 * every time. On the --quick bench's data a new enrolment's insert took 0.84 ms that way and 0.45 ms as a prepared
 * statement, and the embedded database runs every statement on the server's one thread, so this is paid by every
 * request of a school on `npm start`.
 *
 * The texts `shapes` names (the same rule as on PostgreSQL: a text with parameters, sent `seenBefore` times, at most
 * `shapes` of them, never one marked PLAN_EACH_TIME) are parsed and described once under that name, and each later run
 * is one call: Bind, Execute, Sync. Any other query, and one with a blob, goes through PGlite's own `query`. The
 * client's `query` and each transaction's are replaced by own properties, as `withDrizzleParsers` does, and hold
 * PGlite's locks as its own `query` does: the transaction lock outside a transaction, the query lock always.
 */
export function withPreparedStatements(client: PGlite, shapes = new StatementShapes()): PGlite {
  const { serialize } = protocol;
  /**
   * Each named text's parameter types and the description of its rows (none for a statement without rows), once its
   * Parse has succeeded: a prepared statement's rows keep their columns (PostgreSQL refuses to run it otherwise), so
   * they are described once rather than on every run.
   */
  const prepared = new Map<string, { types: number[]; rows: BackendMessage | undefined }>();

  async function run<T>(name: string, text: string, params: unknown[], options: QueryOptions | undefined) {
    try {
      let statement = prepared.get(name);
      if (!statement) {
        const described = await client.execProtocolStream(
          batch(
            serialize.parse({ name, text, types: options?.paramTypes }),
            serialize.describe({ type: 'S', name }),
            serialize.sync(),
          ),
          { syncToFs: false },
        );
        statement = {
          types: parse.parseDescribeStatementResults(described),
          rows: described.find((message) => message.name === 'rowDescription'),
        };
        prepared.set(name, statement);
      }
      const { types, rows } = statement;
      const values = params.map((param, i) => {
        if (param === null || param === undefined) return null;
        const oid = types[i]!;
        const serializer = options?.serializers?.[oid] ?? client.serializers[oid];
        return serializer ? serializer(param) : String(param);
      });
      const messages = await client.execProtocolStream(
        batch(serialize.bind({ statement: name, values }), serialize.execute({}), serialize.sync()),
        { syncToFs: false },
      );
      if (rows) messages.unshift(rows);
      return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
    } catch (error) {
      // As PGlite's own query reports a database error: the statement and its parameters on the error.
      if (error && typeof error === 'object' && 'severity' in error) Object.assign(error, { query: text, params });
      throw error;
    }
  }

  /** A query for `target` (the client or a transaction): prepared when `shapes` names its text. */
  const preparing = <T extends Pick<PGlite, 'query'>>(target: T, inTransaction: boolean): T['query'] => {
    const query = target.query.bind(target);
    return (async <R>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<R>> => {
      const name = params && params.length > 0 && !options?.blob ? shapes.nameFor(text) : undefined;
      if (name === undefined) return query<R>(text, params, options);
      if (inTransaction) return client._runExclusiveQuery(() => run<R>(name, text, params!, options));
      await client._checkReady();
      return client._runExclusiveTransaction(() =>
        client._runExclusiveQuery(async () => {
          const result = await run<R>(name, text, params!, options);
          await client.syncToFs();
          return result;
        }),
      );
    }) as T['query'];
  };

  const transaction = client.transaction.bind(client);
  client.transaction = (callback) =>
    transaction((tx: Transaction) => {
      tx.query = preparing(tx, true);
      return callback(tx);
    });
  client.query = preparing(client, false);
  return client;
}

/** Several protocol messages in one buffer: PGlite runs them in one call. */
function batch(...messages: Uint8Array[]): Uint8Array {
  return Buffer.concat(messages);
}
