import { describe, expect, it } from 'vitest';
import { IntegrationListCache } from './list-cache.ts';

const bytes = (n: number) => new Uint8Array(n);

describe('IntegrationListCache', () => {
  it('answers only for the revision a body was stored under', () => {
    const cache = new IntegrationListCache();
    const body = bytes(10);
    cache.set('user-a', '7', body);
    expect(cache.get('user-a', '7')).toBe(body);
    expect(cache.get('user-a', '8')).toBeUndefined();
    expect(cache.get('user-b', '7')).toBeUndefined();
  });

  it('replaces an account’s entry with a newer one, never with an older one', () => {
    const cache = new IntegrationListCache();
    cache.set('user-a', '9', bytes(10));
    cache.set('user-a', '10', bytes(30)); // compared as numbers, not text
    expect(cache.get('user-a', '9')).toBeUndefined();
    expect(cache.size).toEqual({ entries: 1, bytes: 30 + 256 });
    // A slow request that read revision 9 finishes last.
    cache.set('user-a', '9', bytes(20));
    expect(cache.get('user-a', '10')).toBeDefined();
  });

  it('counts each entry’s own cost, drops the least recently served past its budget, and never keeps an oversized one', () => {
    const cache = new IntegrationListCache(3 * 256 + 100);
    cache.set('a', '1', bytes(40));
    cache.set('b', '1', bytes(40));
    cache.get('a', '1'); // a is now the most recently served
    cache.set('c', '1', bytes(40));
    expect(cache.get('b', '1')).toBeUndefined();
    expect(cache.get('a', '1')).toBeDefined();
    expect(cache.get('c', '1')).toBeDefined();
    expect(cache.size).toEqual({ entries: 2, bytes: 2 * (40 + 256) });

    cache.set('huge', '1', bytes(3 * 256 + 100));
    expect(cache.get('huge', '1')).toBeUndefined();
    expect(cache.size.bytes).toBe(2 * (40 + 256));

    // Empty lists are not free: the budget bounds how many accounts are kept.
    const tiny = new IntegrationListCache(10 * 258);
    for (let i = 0; i < 100; i++) tiny.set(`user-${i}`, '1', bytes(2));
    expect(tiny.size.entries).toBe(10);
  });
});
