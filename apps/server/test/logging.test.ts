import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { announceDemoAccounts, loggerOptions, resolveLogFormat } from '../src/lib/logging.js';

const accounts = [
  { role: 'admin', email: 'admin@lyceum.local', password: 'admin-pass-1' },
  { role: 'student', email: 'student@lyceum.local', password: 'student-pass-2' },
];
const demoClass = { name: 'Period 3', code: 'K7M2QPX' };

describe('log format (issue 15.13)', () => {
  it('is readable on a terminal and JSON otherwise, unless LOG_FORMAT says which', () => {
    const auto = loadConfig({}).logFormat;
    expect(resolveLogFormat(auto, true)).toBe('pretty');
    expect(resolveLogFormat(auto, false)).toBe('json');
    expect(resolveLogFormat(loadConfig({ LOG_FORMAT: 'json' }).logFormat, true)).toBe('json');
    expect(resolveLogFormat(loadConfig({ LOG_FORMAT: 'pretty' }).logFormat, false)).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });

  it('uses pino-pretty for the readable format only', () => {
    expect(loggerOptions({ logLevel: 'info' }, 'pretty')).toMatchObject({ transport: { target: 'pino-pretty' } });
    expect(loggerOptions({ logLevel: 'warn' }, 'json')).toEqual({ level: 'warn' });
  });

  it('prints the demo accounts as a plain-text table on a terminal', () => {
    let written = '';
    const logged: unknown[] = [];
    announceDemoAccounts(
      { credentials: accounts, demoClass },
      'pretty',
      { info: (...args: unknown[]) => logged.push(args) },
      (t) => (written += t),
    );
    expect(logged).toEqual([]);
    const lines = written.split('\n');
    expect(lines).toContain('Demo data loaded. Demo accounts (shown once):');
    expect(lines.some((line) => /^\s+student\s+student@lyceum\.local\s+student-pass-2$/.test(line))).toBe(true);
    expect(written).not.toContain('\\n');
    // The demo class's access code is printed with the accounts, so a newcomer can try joining (issue 18).
    expect(lines).toContain('Demo class "Period 3" (first teacher): access code K7M2QPX, joined at /join/K7M2QPX');
  });

  it('logs them as fields of one JSON line otherwise', () => {
    let written = '';
    const logged: unknown[][] = [];
    announceDemoAccounts(
      { credentials: accounts, demoClass },
      'json',
      { info: (...args: unknown[]) => void logged.push(args) },
      (t) => (written += t),
    );
    expect(written).toBe('');
    expect(logged).toEqual([[{ demoAccounts: accounts, demoClass }, 'Demo data loaded. Demo accounts (shown once)']]);
  });
});
