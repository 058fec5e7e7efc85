import { describe, expect, it } from 'vitest';
import { pageSize } from './mock-kit.ts';

describe('pageSize', () => {
  it('serves the asked size, as a number or a query string, up to the maximum', () => {
    expect(pageSize(100, 4, 100)).toBe(100);
    expect(pageSize('37', 4, 100)).toBe(37);
    expect(pageSize('250', 4, 100)).toBe(100);
    expect(pageSize(0, 4, 100)).toBe(1);
  });

  it('serves the stand-in when the request carries no size', () => {
    expect(pageSize(null, 4, 100)).toBe(4);
    expect(pageSize(undefined, 4, 100)).toBe(4);
    expect(pageSize('', 4, 100)).toBe(4);
    expect(pageSize('many', 4, 100)).toBe(4);
  });
});
