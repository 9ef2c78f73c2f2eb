import { describe, expect, it } from 'vitest';
import { TAG_TOO_LONG, TAGS_HINT, TOO_MANY_TAGS, applyTagChange, hasTooLongTag, isDuplicateTag } from './tags';

describe('tag rules', () => {
  it('hints at the limit of 10', () => {
    expect(TAGS_HINT).toBe('You can add up to 10 tags');
  });

  it('trims, collapses spaces, lower-cases and de-duplicates like the server', () => {
    expect(applyTagChange(['  React ', 'react', 'Web   Dev', 'a,b'])).toEqual({
      tags: ['react', 'web dev', 'a', 'b'],
      notice: null,
    });
  });

  it('keeps the first 10 tags and says why the rest were left out', () => {
    const eleven = Array.from({ length: 11 }, (_, index) => `tag${index}`);
    const change = applyTagChange(eleven);
    expect(change.tags).toHaveLength(10);
    expect(change.tags.at(-1)).toBe('tag9');
    expect(change.notice).toBe(TOO_MANY_TAGS);
  });

  it('refuses a tag over 50 characters', () => {
    expect(applyTagChange(['ok', 'x'.repeat(51)])).toEqual({ tags: ['ok'], notice: TAG_TOO_LONG });
    expect(applyTagChange(['x'.repeat(50)]).notice).toBeNull();
    expect(hasTooLongTag(`short, ${'y'.repeat(51)}`)).toBe(true);
    expect(hasTooLongTag(`  ${'y'.repeat(50)}  `)).toBe(false);
  });

  it('treats tags equal after normalising as duplicates', () => {
    expect(isDuplicateTag(' React ', ['react'])).toBe(true);
    expect(isDuplicateTag('reactive', ['react'])).toBe(false);
  });
});
