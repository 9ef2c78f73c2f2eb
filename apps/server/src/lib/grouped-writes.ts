/**
 * Small writes that many requests make at once, written together (ADR 019, session 24): while one group's statement
 * runs, the writes that arrive wait and go in the next group, one statement and one commit for all of them, and each
 * caller's promise settles once its own write is committed (what it wrote is read back at once, as before). At low
 * load a group is one write and nothing waits. A later write to the same key replaces an earlier one not yet written.
 * When a group's statement fails, its writes are tried one by one, so one bad write fails only its own caller.
 */
export function groupedWrites<V>(write: (entries: ReadonlyMap<string, V>) => Promise<void>) {
  interface Waiter {
    resolve: () => void;
    reject: (error: unknown) => void;
  }
  let next = new Map<string, { value: V; waiters: Waiter[] }>();
  let running = false;

  async function writeGroup(group: Map<string, { value: V; waiters: Waiter[] }>) {
    const settle = (waiters: Waiter[], error?: unknown) => {
      for (const waiter of waiters) {
        if (error === undefined) waiter.resolve();
        else waiter.reject(error);
      }
    };
    try {
      await write(new Map([...group].map(([key, entry]) => [key, entry.value])));
      for (const entry of group.values()) settle(entry.waiters);
    } catch (error) {
      if (group.size === 1) {
        for (const entry of group.values()) settle(entry.waiters, error);
        return;
      }
      for (const [key, entry] of group) {
        try {
          await write(new Map([[key, entry.value]]));
          settle(entry.waiters);
        } catch (alone) {
          settle(entry.waiters, alone);
        }
      }
    }
  }

  async function drain() {
    running = true;
    while (next.size > 0) {
      const group = next;
      next = new Map();
      await writeGroup(group);
    }
    running = false;
  }

  return {
    /** Writes `value` under `key`; settles once it is committed (or failed). */
    write(key: string, value: V): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        const entry = next.get(key);
        if (entry) {
          entry.value = value;
          entry.waiters.push({ resolve, reject });
        } else next.set(key, { value, waiters: [{ resolve, reject }] });
        if (!running) void drain();
      });
    },
  };
}
