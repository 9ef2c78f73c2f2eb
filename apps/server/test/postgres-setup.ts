import pg from 'pg';
import type { TestProject } from 'vitest/node';

/** Drops every per-file test database, once no worker holds a connection to them. */
async function dropTestDatabases(serverUrl: string, prefix: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [prefix],
    );
    for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
  } finally {
    await client.end();
  }
}

/**
 * The postgres project's global setup: test files create their own databases and only
 * close their pools; the databases are dropped here, before and after the whole run,
 * so no dropped database can kill a connection a test file still holds.
 */
export default async function setup(project: TestProject) {
  const { databaseUrl: serverUrl, databasePrefix } = project.config.provide;
  if (!serverUrl || !databasePrefix) return;
  await dropTestDatabases(serverUrl, databasePrefix);
  return async () => dropTestDatabases(serverUrl, databasePrefix);
}
