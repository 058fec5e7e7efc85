import { describe, expect, it } from 'vitest';
import { capText, Redactor, ValueTooDeepError } from './redact.ts';

describe('Redactor', () => {
  it('replaces a credential in each encoding it can travel in', () => {
    const redactor = new Redactor();
    const secret = 'p@ss word/"x"';
    redactor.add(secret);
    expect(redactor.text(`raw ${secret}`)).toBe('raw [REDACTED]');
    expect(redactor.text(`url ?k=${encodeURIComponent(secret)}`)).toBe('url ?k=[REDACTED]');
    expect(redactor.text(`form k=${new URLSearchParams({ k: secret }).toString().slice(2)}`)).toBe(
      'form k=[REDACTED]',
    );
    expect(redactor.text(JSON.stringify({ k: secret }))).toBe('{"k":"[REDACTED]"}');
  });

  it('replaces the longer of two overlapping values whole', () => {
    const redactor = new Redactor();
    redactor.add('abc');
    redactor.add('abcdef');
    expect(redactor.text('xabcdefx abc')).toBe('x[REDACTED]x [REDACTED]');
  });

  it('walks JSON values, keys included, without turning "__proto__" into a prototype', () => {
    const redactor = new Redactor();
    redactor.add('s3cret');
    const value = JSON.parse(
      '{"__proto__": {"polluted": "s3cret"}, "list": ["s3cret", 1, null], "s3cret": true}',
    );
    const out = redactor.value(value) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.hasOwn(out, '__proto__')).toBe(true);
    expect(JSON.stringify(out)).toBe(
      '{"__proto__":{"polluted":"[REDACTED]"},"list":["[REDACTED]",1,null],"[REDACTED]":true}',
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses values nested deeper than the host will walk', () => {
    const deep = JSON.parse(`${'['.repeat(10_000)}${']'.repeat(10_000)}`);
    expect(() => new Redactor().value(deep)).toThrow(ValueTooDeepError);
  });

  it('ignores empty credentials', () => {
    const redactor = new Redactor();
    redactor.add('');
    redactor.add(null);
    expect(redactor.text('unchanged')).toBe('unchanged');
  });
});

describe('capText', () => {
  it('marks what it cut', () => {
    expect(capText('abcdef', 3)).toBe('abc…[truncated]');
    expect(capText('abc', 3)).toBe('abc');
  });
});
