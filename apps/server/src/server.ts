import { buildApp } from './app.js';
import { createTokenService, resolveJwtSecret } from './auth/tokens.js';
import { ConfigError, loadConfig, serverConfigProblems } from './config.js';
import { openConfiguredDatabase } from './db/runtime.js';
import { formatCredentials, seedDemoData } from './db/seed/index.js';
import { DataDirLockedError } from './lib/data-dir-lock.js';

/** Process entry only: configuration, database, listen, graceful shutdown. */
async function main() {
  const config = loadConfig();
  serverConfigProblems(config);
  const database = await openConfiguredDatabase(config);
  const logger =
    config.env === 'development' && process.stdout.isTTY
      ? { level: config.logLevel, transport: { target: 'pino-pretty' } }
      : { level: config.logLevel };
  const tokens = createTokenService(resolveJwtSecret(config.jwtSecret, config.dataDir));
  const app = await buildApp({ config, database, tokens, logger });

  if (database.kind === 'pglite') {
    const seeded = await seedDemoData(database.db);
    if (seeded.seeded) app.log.info(`\n${formatCredentials(seeded)}`);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Lyceum is running on ${config.publicUrl} (database: ${database.kind})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('Lyceum failed to start:', error);
  }
  process.exit(1);
});
