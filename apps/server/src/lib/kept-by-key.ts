/**
 * Answers kept by this process until the database says they changed (issue 20, ADR 019 sessions 15 and 17): a
 * trigger sends a key at commit (NOTIFY), every process drops what it keeps under it — the writing process before its
 * statement's answer arrives (db/client.ts `channelWatchers`). The time limit only bounds what a lost notification
 * could cost; the bytes bound the memory (each entry counted at `bytesOf` plus its key, the oldest going first). A
 * read that overlaps any heard change is answered, not kept: it may predate the change. `undefined` (nothing found)
 * is never kept.
 */
export interface KeptByKey<V> {
  /** The kept answer for `key`, if it is younger than the time limit. */
  peek(key: string, now: number): V | undefined;
  /** What `read` answers now, kept unless a change was heard meanwhile. */
  load(key: string, now: number, read: () => Promise<V | undefined>): Promise<V | undefined>;
  /** A mark of the changes heard so far, for `keep`. */
  mark(): number;
  /** Keeps `value` under `key` unless a change was heard since `mark` (what `load` does after its read). */
  keep(key: string, now: number, value: V, mark: number): void;
  /** The kept answer for `key`, or else what `read` answers now (as `load`). */
  get(key: string, now: number, read: () => Promise<V>): Promise<V>;
  /** The database said what `key` reads changed. */
  forget(key: string): void;
  /** The database said something changed that the kept answers matching `changed` read. */
  forgetWhere(changed: (value: V) => boolean): void;
  /** Everything goes (the change feed was interrupted). */
  clear(): void;
  /** Entries and their counted bytes, for tests and the bench. */
  size(): { entries: number; bytes: number };
}

export function keptByKey<V>(options: {
  ttlMs: number;
  maxBytes: number;
  bytesOf: (value: V) => number;
}): KeptByKey<V> {
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

  const peek = (key: string, now: number) => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (now - entry.at < options.ttlMs && now >= entry.at) return entry.value;
    drop(key);
    return undefined;
  };

  const keep = (key: string, now: number, value: V, mark: number) => {
    if (generation !== mark) return;
    drop(key);
    const size = options.bytesOf(value) + 2 * key.length;
    while (bytes + size > options.maxBytes && entries.size > 0) drop(entries.keys().next().value as string);
    entries.set(key, { value, at: now, bytes: size });
    bytes += size;
  };

  const load = async (key: string, now: number, read: () => Promise<V | undefined>) => {
    const started = generation;
    const value = await read();
    if (value !== undefined) keep(key, now, value, started);
    return value;
  };

  return {
    peek,
    load,
    mark: () => generation,
    keep,
    async get(key, now, read) {
      const kept = peek(key, now);
      return kept === undefined ? ((await load(key, now, read)) as V) : kept;
    },
    forget(key) {
      generation += 1;
      drop(key);
    },
    forgetWhere(changed) {
      generation += 1;
      for (const [key, entry] of entries) if (changed(entry.value)) drop(key);
    },
    clear() {
      generation += 1;
      entries.clear();
      bytes = 0;
    },
    size: () => ({ entries: entries.size, bytes }),
  };
}

/** How long a kept list page may go without the database's word (only what a lost notification could cost). */
export const KEPT_LIST_TTL_MS = 60_000;
/** The memory one kind of kept list pages may take in one process (their JSON's length, about). */
export const KEPT_LIST_BYTES = 4 * 1024 * 1024;

/** Pages kept for one owner at most (the oldest goes first). */
const PAGES_PER_OWNER = 64;
/** Keys whose owner is remembered (to find their kept page before reading it) before the memory starts again. */
const OWNERS_REMEMBERED = 20_000;

/**
 * Answers kept by key until the database names their owner (`watch`: a trigger's NOTIFY, `'*'` when the feed was
 * interrupted): a teacher's pages of a list, a course's pages kept under its teacher. `read` says whose its answer
 * is. The pages are kept per owner, so forgetting an owner costs the same however much is kept: a busy school's
 * enrolments tell a teacher many times a second. Without `watch` every read runs. A kept answer is handed out as it
 * is: callers serialize it, never change it.
 */
export function keptPerOwner<V>(
  watch: ((onChange: (owner: string) => void) => () => void) | undefined,
  options: {
    bytesOf: (value: V) => number;
    ttlMs?: number;
    maxBytes?: number;
    /** Pages kept for one owner at most (PAGES_PER_OWNER unless said). */
    pagesPerOwner?: number;
    /** Whether a kept answer still holds now (one that shows what time changes: read again once it does not). */
    holds?: (value: V) => boolean;
  },
) {
  type Owned = { owner: string; value: V };
  type Pages = Map<string, { value: V; at: number; bytes: number }>;
  if (!watch) return { get: (_key: string, read: () => Promise<Owned>) => read(), stop: () => {} };
  const ttlMs = options.ttlMs ?? KEPT_LIST_TTL_MS;
  const kept = keptByKey<Pages>({
    ttlMs,
    maxBytes: options.maxBytes ?? KEPT_LIST_BYTES,
    bytesOf: (pages) => [...pages.values()].reduce((sum, page) => sum + page.bytes, 0),
  });
  /** Whose each key's answer was, when last read. */
  const ownerOf = new Map<string, string>();
  const stop = watch((owner) => {
    if (owner !== '*') return kept.forget(owner);
    kept.clear();
    ownerOf.clear();
  });
  return {
    async get(key: string, read: () => Promise<Owned>): Promise<Owned> {
      const now = Date.now();
      const known = ownerOf.get(key);
      const page = known === undefined ? undefined : kept.peek(known, now)?.get(key);
      if (page && now - page.at < ttlMs && now >= page.at && (options.holds?.(page.value) ?? true))
        return { owner: known!, value: page.value };
      const mark = kept.mark();
      const answer = await read();
      const pages: Pages = new Map(kept.peek(answer.owner, now));
      pages.delete(key);
      pages.set(key, { value: answer.value, at: now, bytes: options.bytesOf(answer.value) + 2 * key.length });
      for (const oldest of pages.keys()) {
        if (pages.size <= (options.pagesPerOwner ?? PAGES_PER_OWNER)) break;
        pages.delete(oldest);
      }
      kept.keep(answer.owner, now, pages, mark);
      if (ownerOf.size >= OWNERS_REMEMBERED) ownerOf.clear();
      ownerOf.set(key, answer.owner);
      return answer;
    },
    stop,
  };
}
