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

  it('replaces an account’s entry rather than keeping two', () => {
    const cache = new IntegrationListCache();
    cache.set('user-a', '1', bytes(10));
    cache.set('user-a', '2', bytes(30));
    expect(cache.get('user-a', '1')).toBeUndefined();
    expect(cache.size).toEqual({ entries: 1, bytes: 30 });
  });

  it('drops the least recently served lists past its byte budget, and never keeps an oversized one', () => {
    const cache = new IntegrationListCache(100);
    cache.set('a', '1', bytes(40));
    cache.set('b', '1', bytes(40));
    cache.get('a', '1'); // a is now the most recently served
    cache.set('c', '1', bytes(40));
    expect(cache.get('b', '1')).toBeUndefined();
    expect(cache.get('a', '1')).toBeDefined();
    expect(cache.get('c', '1')).toBeDefined();
    expect(cache.size).toEqual({ entries: 2, bytes: 80 });

    cache.set('huge', '1', bytes(101));
    expect(cache.get('huge', '1')).toBeUndefined();
    expect(cache.size.bytes).toBe(80);
  });
});
