import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.js';
import { openConfiguredDatabase } from './db/runtime.js';
import { AdminInputSchema, createOrPromoteAdmin } from './features/accounts/admin-bootstrap.js';
import { DataDirLockedError } from './lib/data-dir-lock.js';

const USAGE = `Usage: npm run admin:create -- --email <email> [--password <password>] [--firstname <name>] [--lastname <name>]

Creates an admin account, or promotes and updates the account with that e-mail (new password, role admin,
active; its existing sessions end). Without --password the password is read from standard input, which keeps it
out of the shell history: echo "$ADMIN_PASSWORD" | npm run admin:create -- --email admin@example.com
Uses the same DATABASE_URL / DATA_DIR as the server (stop an embedded-database server first).`;

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) return '';
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text.split(/\r?\n/)[0] ?? '';
}

/** `npm run admin:create`: the platform's own tooling for admin accounts (spec: registration never makes one). */
async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      firstname: { type: 'string' },
      lastname: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.warn(USAGE);
    return 0;
  }
  const parsed = AdminInputSchema.safeParse({
    ...values,
    password: values.password ?? (await readStdin()),
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  - ${issue.path.join('.')} ${issue.message}`);
    console.error(`Cannot create the admin:\n${problems.join('\n')}\n\n${USAGE}`);
    return 2;
  }
  const database = await openConfiguredDatabase(loadConfig());
  try {
    const { created, profile } = await createOrPromoteAdmin(database.db, parsed.data);
    console.warn(
      `${created ? 'Created admin' : 'Promoted/updated existing account to admin'}: ${profile.email} ` +
        `(username "${profile.username}", ${database.kind} database).`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof ConfigError || error instanceof DataDirLockedError;
    const message = error instanceof Error ? error.message : String(error);
    console.error(known ? message : `admin:create failed: ${message}`);
    process.exit(1);
  },
);
