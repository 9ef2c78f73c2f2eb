import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';

/** How the server's log reads: `pretty` lines for a person at a terminal, `json` lines for a log collector. */
export type LogFormat = 'pretty' | 'json';

/** LOG_FORMAT=auto means pretty on a terminal (TTY) and JSON when the output goes to a file, pipe or collector. */
export function resolveLogFormat(setting: Config['logFormat'], isTTY: boolean): LogFormat {
  if (setting === 'auto') return isTTY ? 'pretty' : 'json';
  return setting;
}

/** Fastify's logger options for the format (pino; pino-pretty in a worker thread for `pretty`). */
export function loggerOptions(config: Pick<Config, 'logLevel'>, format: LogFormat): FastifyServerOptions['logger'] {
  if (format === 'json') return { level: config.logLevel };
  return {
    level: config.logLevel,
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname', singleLine: false },
    },
  };
}

export interface DemoAccount {
  role: string;
  email: string;
  password: string;
}

/** The demo class a newcomer can join with its access code (issue 18). */
export interface DemoClass {
  name: string;
  code: string;
}

/** What the first start prints once: the demo accounts and the demo class's access code. */
export interface DemoAnnouncement {
  credentials: DemoAccount[];
  demoClass?: DemoClass;
}

/** The demo class's line: its name, its access code and where to type it. */
export function demoClassLine(demoClass: DemoClass): string {
  return `Demo class "${demoClass.name}" (first teacher): access code ${demoClass.code}, joined at /join/${demoClass.code}`;
}

/** The demo accounts as a plain-text table, for a person reading a terminal. */
export function demoAccountTable(accounts: DemoAccount[]): string {
  const header = { role: 'Role', email: 'E-mail', password: 'Password' };
  const rows = [header, ...accounts];
  const width = (key: keyof DemoAccount) => Math.max(...rows.map((row) => row[key].length));
  const line = (row: DemoAccount) =>
    `  ${row.role.padEnd(width('role'))}  ${row.email.padEnd(width('email'))}  ${row.password}`;
  return [
    'Demo data loaded. Demo accounts (shown once):',
    '',
    line(header),
    line({
      role: '-'.repeat(width('role')),
      email: '-'.repeat(width('email')),
      password: '-'.repeat(width('password')),
    }),
    ...accounts.map(line),
    '',
  ].join('\n');
}

/**
 * Announces the demo accounts and the demo class's access code once: a plain-text table on a terminal (not a JSON string full of `\n` escapes), one
 * structured log line with the accounts as fields otherwise.
 */
export function announceDemoAccounts(
  { credentials: accounts, demoClass }: DemoAnnouncement,
  format: LogFormat,
  log: Pick<FastifyBaseLogger, 'info'>,
  write: (text: string) => void = (text) => void process.stdout.write(text),
): void {
  if (format === 'pretty') {
    write(`\n${demoAccountTable(accounts)}${demoClass ? `${demoClassLine(demoClass)}\n` : ''}\n`);
  } else {
    log.info(
      { demoAccounts: accounts, ...(demoClass ? { demoClass } : {}) },
      'Demo data loaded. Demo accounts (shown once)',
    );
  }
}
