import { describe, expect, it } from 'vitest';
import { createInvalidationBus } from '../src/lib/invalidation.js';
import { createPageCache, normalisePageUrl, preferredEncoding } from '../src/plugins/page-cache.js';

/** The rendered-page cache's bounds and invalidation, with a stand-in for the web build's renderer. */
function pages(options: { maxBytes?: number; maxEntries?: number; size?: number } = {}) {
  const bus = createInvalidationBus();
  let renders = 0;
  const held = new Map<string, () => void>();
  const cache = createPageCache(
    async (url) => {
      renders += 1;
      if (url.startsWith('/slow')) await new Promise<void>((resolve) => held.set(url, resolve));
      return { status: 200, html: `<p>${url} ${renders}</p>`.padEnd(options.size ?? 1000, 'x') };
    },
    { ttlMs: 60_000, maxEntries: options.maxEntries ?? 100, maxBytes: options.maxBytes ?? 10_000_000 },
    bus,
  );
  return { cache, bus, renders: () => renders, release: (url: string) => held.get(url)?.() };
}

describe('rendered-page cache', () => {
  it('keeps at most its byte budget, counting the compressed copies, dropping the least recently used', async () => {
    const { cache } = pages({ maxBytes: 350_000, size: 100_000 });
    for (let i = 0; i < 10; i += 1) await cache.get(`/page-${i}`);
    expect(cache.stats().entries).toBe(3);
    expect(cache.stats().bytes).toBeLessThanOrEqual(350_000);
    // A hit makes /page-7 the most recently used: the next page pushes /page-8 out instead.
    await cache.get('/page-7');
    await cache.get('/page-10');
    const page = await cache.get('/page-10');
    await page!.encoded('gzip');
    await page!.encoded('br');
    expect(cache.stats().bytes).toBeLessThanOrEqual(350_000);
    const before = (await cache.get('/page-7'))!.body.toString();
    expect(before).toContain('/page-7 8');
  });

  it('keeps at most its number of entries', async () => {
    const { cache } = pages({ maxEntries: 5 });
    for (let i = 0; i < 50; i += 1) await cache.get(`/page-${i}`);
    expect(cache.stats().entries).toBe(5);
  });

  it('does not keep a page whose render was under way when something changed', async () => {
    const { cache, bus, renders, release } = pages();
    const pending = cache.get('/slow');
    bus.publish(['courses']);
    release('/slow');
    // Its visitors still get it...
    expect((await pending)!.body.toString()).toContain('/slow 1');
    // ...but the next visit renders again.
    const again = cache.get('/slow');
    release('/slow');
    expect((await again)!.body.toString()).toContain('/slow 2');
    expect(renders()).toBe(2);
  });

  it('normalises an address to the parameters its page reads', () => {
    expect(normalisePageUrl('/faq?x=1')).toBe('/faq');
    expect(normalisePageUrl('/courses?utm=1&page=2&q=go&page=3')).toBe('/courses?q=go&page=2');
    expect(normalisePageUrl('/forum?sort=votes&tag=js&q=')).toBe('/forum?tag=js&sort=votes');
    expect(normalisePageUrl(`/courses?q=${'a'.repeat(5000)}`)).toBe(`/courses?q=${'a'.repeat(200)}`);
  });

  it('picks brotli, then gzip, from what the browser accepts', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, br;q=0')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });
});
