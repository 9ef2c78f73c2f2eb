import cluster from 'node:cluster';
import { buildApp } from './app.js';
import { createTokenService, resolveJwtSecret } from './auth/tokens.js';
import { ConfigError, loadConfig, serverConfigProblems, serverConfigWarnings, type Config } from './config.js';
import { openConfiguredDatabase } from './db/runtime.js';
import { seedDemoData } from './db/seed/index.js';
import { DataDirLockedError } from './lib/data-dir-lock.js';
import { announceDemoAccounts, loggerOptions, resolveLogFormat } from './lib/logging.js';

/**
 * With WEB_CONCURRENCY (or WORKERS) above 1 this process is the primary: it applies the migrations once, then starts
 * that many app processes that share the port (Node cluster), starts a new one when one dies, and passes SIGINT /
 * SIGTERM on so each finishes its requests. PostgreSQL only (config.ts refuses it on the embedded database).
 */
async function primary(config: Config) {
  const database = await openConfiguredDatabase(config);
  await database.close();
  // Made here once, or every worker would make its own and reject the others' tokens.
  resolveJwtSecret(config.jwtSecret, config.dataDir);
  let stopping = false;
  const fork = () => cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`Lyceum worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    setTimeout(fork, 1000);
  });
  for (let i = 0; i < config.workers; i += 1) fork();
  process.stdout.write(`Lyceum: ${config.workers} worker processes on port ${config.port}\n`);
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(0);
    for (const worker of workers) worker?.process.kill(signal);
    setTimeout(() => process.exit(1), 15_000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

/** Process entry only: configuration, database, listen, graceful shutdown. */
async function main() {
  const config = loadConfig();
  serverConfigProblems(config);
  if (config.workers > 1 && cluster.isPrimary) return primary(config);
  const database = await openConfiguredDatabase(config);
  const logFormat = resolveLogFormat(config.logFormat, Boolean(process.stdout.isTTY));
  const logger = loggerOptions(config, logFormat);
  const tokens = createTokenService(resolveJwtSecret(config.jwtSecret, config.dataDir));
  const app = await buildApp({ config, database, tokens, logger });

  if (database.kind === 'pglite') {
    const seeded = await seedDemoData(database.db);
    if (seeded.seeded) announceDemoAccounts(seeded, logFormat, app.log);
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
  for (const warning of serverConfigWarnings(config)) app.log.warn(warning);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('Lyceum failed to start:', error);
  }
  process.exit(1);
});
