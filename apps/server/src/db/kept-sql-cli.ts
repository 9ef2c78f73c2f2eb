/** Prints the trigger a kept table needs (docs/kept-pages.md): `npm run kept:sql -- <channel> <table> <key column>`. */
import { keptTriggerSql } from './kept-pages.js';

const [channel, table, key] = process.argv.slice(2);
if (!channel || !table || !key) {
  console.error('usage: npm run kept:sql -- <channel> <table> <key column>');
  process.exit(2);
}
process.stdout.write(keptTriggerSql(channel, table, key));
