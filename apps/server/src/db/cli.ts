import { loadConfig } from '../config.js';
import { openConfiguredDatabase } from './runtime.js';
import { formatCredentials, seedDemoData } from './seed/index.js';

/** `npm run db:migrate` and `npm run db:seed`. */
async function main(command: string | undefined) {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    if (command === 'migrate') {
      console.warn(`Migrations applied (${database.kind}).`);
    } else if (command === 'seed') {
      const result = await seedDemoData(database.db);
      console.warn(result.seeded ? formatCredentials(result) : 'Database already has data; nothing seeded.');
    } else {
      throw new Error(`Unknown command "${command ?? ''}"; use migrate or seed.`);
    }
  } finally {
    await database.close();
  }
}

main(process.argv[2]).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
