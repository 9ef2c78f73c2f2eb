import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, serverConfigProblems } from '../src/config.js';

/** Issue 13.9: nodes sharing one PostgreSQL must share the signing secret, so the server refuses to guess one. */
describe('JWT_SECRET on PostgreSQL', () => {
  it('refuses to start on PostgreSQL without JWT_SECRET, naming the variable', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://db.example/lyceum' });
    expect(() => serverConfigProblems(config)).toThrowError(ConfigError);
    expect(() => serverConfigProblems(config)).toThrowError(/JWT_SECRET/);
  });

  it('starts on PostgreSQL with JWT_SECRET, and on the embedded database without it', () => {
    expect(() =>
      serverConfigProblems(loadConfig({ DATABASE_URL: 'postgres://db.example/lyceum', JWT_SECRET: 'x'.repeat(40) })),
    ).not.toThrow();
    expect(() => serverConfigProblems(loadConfig({}))).not.toThrow();
  });
});
