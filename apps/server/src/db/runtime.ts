import path from 'node:path';
import type { Config } from '../config.js';
import { lockDataDir } from '../lib/data-dir-lock.js';
import { openDatabase, type Database } from './client.js';

/**
 * The database the configuration names: PostgreSQL with DATABASE_URL, otherwise the
 * embedded one in DATA_DIR, locked to this process. Migrations are applied either way.
 */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  if (config.databaseUrl) {
    return openDatabase({ kind: 'postgres', url: config.databaseUrl, maxConnections: config.databasePoolSize });
  }
  const release = lockDataDir(config.dataDir);
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });
    return {
      ...database,
      async close() {
        try {
          await database.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
