import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../src/lib/mailer.js';

/** Issue 13.9: without SMTP, a reset link reaches the log only at debug level, never at info. */
describe('outbox mailer log', () => {
  it('logs that a mail was written at info, and its text (the link) only at debug', async () => {
    const lines: { level: string; details: object }[] = [];
    const log = {
      info: (details: object) => void lines.push({ level: 'info', details }),
      debug: (details: object) => void lines.push({ level: 'debug', details }),
      error: (details: object) => void lines.push({ level: 'error', details }),
    };
    const dir = mkdtempSync(path.join(tmpdir(), 'lyceum-outbox-'));
    const mailer = createOutboxMailer({ dir, from: 'Lyceum <no-reply@lyceum.test>', log });
    await mailer.send({ to: 'ada@example.com', subject: 'Reset', text: 'https://x/reset-password?token=SECRET' });
    const info = lines.filter((line) => line.level === 'info').map((line) => JSON.stringify(line.details));
    expect(info.length).toBeGreaterThan(0);
    expect(info.join('\n')).not.toContain('SECRET');
    const debug = lines.filter((line) => line.level === 'debug').map((line) => JSON.stringify(line.details));
    expect(debug.join('\n')).toContain('SECRET');
  });
});
