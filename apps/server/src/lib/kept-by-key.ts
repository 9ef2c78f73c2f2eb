/**
 * Answers kept by this process until the database says they changed (issue 20, ADR 019 session 17): a trigger sends
 * the key at commit (NOTIFY), every process drops it — the writing process before its statement's answer arrives
 * (db/client.ts `watchStudents`). The time limit only bounds what a lost notification could cost; the bytes bound
 * the memory (each entry counted at `bytesOf`, the oldest going first). A read that overlaps any heard change is
 * answered, not kept: it may predate the change.
 */
export interface KeptByKey<V> {
  /** The kept answer for `key`, or what `read` answers now (kept unless a change was heard meanwhile). */
  get(key: string, now: number, read: () => Promise<V>): Promise<V>;
  /** The database said what `key` reads changed. */
  forget(key: string): void;
  /** Everything goes (the change feed was interrupted). */
  clear(): void;
  /** Entries and their counted bytes, for tests and the bench. */
  size(): { entries: number; bytes: number };
}

export function keptByKey<V>(options: { ttlMs: number; maxBytes: number; bytesOf: (value: V) => number }) {
  const entries = new Map<string, { value: V; at: number; bytes: number }>();
  let bytes = 0;
  /** Bumped by every change heard: a read that started before it is not kept. */
  let generation = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };

  const kept: KeptByKey<V> = {
    async get(key, now, read) {
      const entry = entries.get(key);
      if (entry && now - entry.at < options.ttlMs && now >= entry.at) return entry.value;
      const started = generation;
      const value = await read();
      if (generation !== started) return value;
      drop(key);
      const size = options.bytesOf(value) + 2 * key.length;
      while (bytes + size > options.maxBytes && entries.size > 0) drop(entries.keys().next().value as string);
      entries.set(key, { value, at: now, bytes: size });
      bytes += size;
      return value;
    },
    forget(key) {
      generation += 1;
      drop(key);
    },
    clear() {
      generation += 1;
      entries.clear();
      bytes = 0;
    },
    size: () => ({ entries: entries.size, bytes }),
  };
  return kept;
}
