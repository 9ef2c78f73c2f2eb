import { existsSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, processStartTicks } from '../src/lib/data-dir-lock.js';

function freshDir() {
  return mkdtempSync(path.join(tmpdir(), 'lyceum-dirlock-'));
}

const hasProc = processStartTicks(process.pid) !== undefined;

describe.runIf(hasProc)('data-dir lock: a reused PID does not hold the lock (issue 13.9)', () => {
  it('takes over a lock left before a restart whose PID (1) now belongs to another process', () => {
    const dir = freshDir();
    const lockFile = path.join(dir, 'lyceum.lock');
    // A lock in the old format (the PID alone), written before PID 1 of this machine or container started.
    writeFileSync(lockFile, '1');
    utimesSync(lockFile, new Date('2001-01-01T00:00:00Z'), new Date('2001-01-01T00:00:00Z'));
    const release = lockDataDir(dir);
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: process.pid });
    release();
    expect(existsSync(lockFile)).toBe(false);
  });

  it('takes over a lock naming a live PID whose start time differs from the recorded one', () => {
    const dir = freshDir();
    writeFileSync(path.join(dir, 'lyceum.lock'), JSON.stringify({ pid: 1, startTicks: '1' }));
    const release = lockDataDir(dir);
    release();
  });

  it('refuses while the recorded process (same PID, same start time) is alive', () => {
    const dir = freshDir();
    const owner = process.ppid;
    writeFileSync(path.join(dir, 'lyceum.lock'), JSON.stringify({ pid: owner, startTicks: processStartTicks(owner) }));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
  });

  it('refuses an old-format lock whose live owner started before it was written', () => {
    const dir = freshDir();
    writeFileSync(path.join(dir, 'lyceum.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
  });

  it('takes over the lock of a process that is gone', () => {
    const dir = freshDir();
    writeFileSync(path.join(dir, 'lyceum.lock'), JSON.stringify({ pid: 2 ** 22 + 7, startTicks: '5' }));
    lockDataDir(dir)();
  });
});
