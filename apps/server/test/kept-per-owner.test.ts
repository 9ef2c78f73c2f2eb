import { afterEach, describe, expect, it, vi } from 'vitest';
import { KEPT_LIST_TTL_MS, keptPerOwner } from '../src/lib/kept-by-key.js';

/** A change feed the test drives by hand, as db/client.ts's watchers are driven by NOTIFY. */
function feed() {
  let listener: ((owner: string) => void) | null = null;
  return {
    watch: (onChange: (owner: string) => void) => {
      listener = onChange;
      return () => void (listener = null);
    },
    tell: (owner: string) => listener?.(owner),
  };
}

afterEach(() => void vi.useRealTimers());

describe('pages kept per owner (lib/kept-by-key.ts)', () => {
  it("answers a page again without reading it until the database names its owner, then forgets all that owner's pages and no one else's", async () => {
    const changes = feed();
    const kept = keptPerOwner<string>(changes.watch, { bytesOf: (value) => value.length });
    let reads = 0;
    const read = (owner: string, value: string) => async () => ((reads += 1), { owner, value });
    expect((await kept.get('ann page 1', read('ann', 'a1'))).value).toBe('a1');
    expect((await kept.get('ann page 2', read('ann', 'a2'))).value).toBe('a2');
    expect((await kept.get('bob page 1', read('bob', 'b1'))).value).toBe('b1');
    expect(reads).toBe(3);
    expect((await kept.get('ann page 1', read('ann', 'changed'))).value).toBe('a1');
    expect((await kept.get('ann page 2', read('ann', 'changed'))).value).toBe('a2');
    expect(reads).toBe(3);

    changes.tell('ann');
    expect((await kept.get('ann page 1', read('ann', 'a1 new'))).value).toBe('a1 new');
    expect((await kept.get('ann page 2', read('ann', 'a2 new'))).value).toBe('a2 new');
    expect((await kept.get('bob page 1', read('bob', 'changed'))).value).toBe('b1');
    expect(reads).toBe(5);

    // The feed interrupted ('*'): everything is read again.
    changes.tell('*');
    expect((await kept.get('bob page 1', read('bob', 'b1 new'))).value).toBe('b1 new');
    expect(reads).toBe(6);
  });

  it('does not keep a read that a change overlapped, nor a page older than the time limit', async () => {
    const changes = feed();
    const kept = keptPerOwner<string>(changes.watch, { bytesOf: (value) => value.length, ttlMs: 50 });
    let reads = 0;
    // The change arrives while the page is being read: the answer may predate it, so it is answered, not kept.
    const overlapped = async () => {
      reads += 1;
      changes.tell('someone else');
      return { owner: 'ann', value: 'read during a change' };
    };
    expect((await kept.get('ann', overlapped)).value).toBe('read during a change');
    expect((await kept.get('ann', async () => ((reads += 1), { owner: 'ann', value: 'after' }))).value).toBe('after');
    expect(reads).toBe(2);
    expect((await kept.get('ann', async () => ((reads += 1), { owner: 'ann', value: 'kept?' }))).value).toBe('after');
    expect(reads).toBe(2);
    // Past the time limit (a lost notification's whole cost), the page is read again.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 51);
    expect((await kept.get('ann', async () => ((reads += 1), { owner: 'ann', value: 'late' }))).value).toBe('late');
    expect(reads).toBe(3);
    expect(KEPT_LIST_TTL_MS).toBe(60_000);
  });

  it('reads every time without a change feed', async () => {
    const kept = keptPerOwner<string>(undefined, { bytesOf: (value) => value.length });
    let reads = 0;
    for (let i = 0; i < 3; i += 1) await kept.get('ann', async () => ((reads += 1), { owner: 'ann', value: 'a' }));
    expect(reads).toBe(3);
  });
});
