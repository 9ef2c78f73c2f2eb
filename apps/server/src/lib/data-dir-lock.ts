import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    public readonly lockFile: string,
    public readonly ownerPid: number,
  ) {
    super(
      `The data directory is in use by another Lyceum process (pid ${ownerPid}); lock file ${lockFile}. ` +
        'The embedded database serves one process only: stop the other process, use another DATA_DIR, ' +
        'or set DATABASE_URL to share a PostgreSQL server.',
    );
  }
}

/** Who holds the lock: the PID alone is not enough, PIDs are reused (after a restart, in a new container). */
interface LockOwner {
  pid: number;
  /** The kernel's boot id and the process's start time in clock ticks since boot (Linux /proc), when known. */
  bootId?: string;
  startTicks?: string;
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Field 22 of /proc/<pid>/stat (after the command name, which may contain spaces and parentheses). */
export function processStartTicks(pid: number, procRoot = '/proc'): string | undefined {
  const stat = readText(path.join(procRoot, String(pid), 'stat'));
  if (!stat) return undefined;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state), so field 22 is fields[19].
  return fields[19];
}

function bootId(procRoot = '/proc'): string | undefined {
  return readText(path.join(procRoot, 'sys/kernel/random/boot_id'))?.trim();
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parseOwner(text: string): LockOwner | null {
  const trimmed = text.trim();
  // Locks written before the start time was recorded hold the PID alone.
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed) };
  try {
    const value = JSON.parse(trimmed) as Partial<LockOwner>;
    if (!Number.isInteger(value.pid)) return null;
    return {
      pid: value.pid as number,
      bootId: typeof value.bootId === 'string' ? value.bootId : undefined,
      startTicks: typeof value.startTicks === 'string' ? value.startTicks : undefined,
    };
  } catch {
    return null;
  }
}

/** Milliseconds since the epoch at which `pid` started, from /proc/stat's btime and USER_HZ (100 on Linux). */
function processStartedAtMs(pid: number, procRoot: string): number | undefined {
  const ticks = processStartTicks(pid, procRoot);
  const btime = readText(path.join(procRoot, 'stat'))?.match(/^btime (\d+)$/m)?.[1];
  if (ticks === undefined || btime === undefined) return undefined;
  return Number(btime) * 1000 + Number(ticks) * 10;
}

/**
 * Whether the process named in the lock file still holds it: alive, and (where /proc tells) the very process that
 * wrote it — same boot, same start time. A lock naming a reused PID (PID 1 in a restarted container, an unrelated
 * process after a crash) is stale.
 */
export function ownerHoldsLock(owner: LockOwner, lockFile: string, procRoot = '/proc'): boolean {
  if (owner.pid === process.pid || owner.pid <= 0 || !isAlive(owner.pid)) return false;
  const currentStart = processStartTicks(owner.pid, procRoot);
  if (currentStart === undefined) return true; // no /proc (macOS, Windows): the live PID is all we know
  if (owner.startTicks !== undefined) {
    return owner.startTicks === currentStart && (owner.bootId === undefined || owner.bootId === bootId(procRoot));
  }
  // An old lock with the PID alone: its owner must have started before the lock file was written.
  const startedAt = processStartedAtMs(owner.pid, procRoot);
  if (startedAt === undefined) return true;
  const writtenAt = statSync(lockFile).mtimeMs;
  return startedAt <= writtenAt + 1000;
}

function ownerRecord(procRoot = '/proc'): string {
  const startTicks = processStartTicks(process.pid, procRoot);
  const record: LockOwner = { pid: process.pid, ...(startTicks ? { bootId: bootId(procRoot), startTicks } : {}) };
  return JSON.stringify(record);
}

/**
 * Takes an exclusive lock on the embedded database's directory. A lock left by a process that is gone (or whose PID
 * now belongs to another process) is taken over; its live owner makes this throw DataDirLockedError.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'lyceum.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, ownerRecord());
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const text = readText(lockFile);
      const owner = text === undefined ? null : parseOwner(text);
      if (owner && ownerHoldsLock(owner, lockFile)) throw new DataDirLockedError(lockFile, owner.pid);
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock ${lockFile}`);
}
