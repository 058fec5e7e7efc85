import { describe, expect, it } from 'vitest';
import { capText, MIN_REDACTED_CHARS, REDACTED, Redactor, ValueTooDeepError } from './redact.ts';

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
    redactor.add('abcd');
    redactor.add('abcdefg');
    expect(redactor.text('xabcdefgx abcd')).toBe('x[REDACTED]x [REDACTED]');
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

describe('re-encoded echoes', () => {
  const secret = 'sk_live/Ab+9 "q"<&>é';
  const redactor = new Redactor();
  redactor.add(secret);
  const unicodeEscaped = [...secret]
    .map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .join('');

  it.each([
    ['JSON with "\\/" escaping', JSON.stringify(secret).slice(1, -1).replaceAll('/', '\\/')],
    ['\\uXXXX escapes, lower case', unicodeEscaped],
    ['\\uXXXX escapes, upper case', unicodeEscaped.replace(/[a-f]/g, (c) => c.toUpperCase())],
    [
      'some characters \\u-escaped (as Go and PHP do)',
      secret.replace('<', '\\u003c').replace('&', '\\u0026').replace('>', '\\u003E'),
    ],
    [
      'lower-case percent-encoding',
      encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
    ],
    [
      'every character percent-encoded',
      [...Buffer.from(secret)].map((b) => `%${b.toString(16)}`).join(''),
    ],
    [
      'HTML named entities',
      secret
        .replace('&', '&amp;')
        .replace('<', '&lt;')
        .replace('>', '&gt;')
        .replaceAll('"', '&quot;'),
    ],
    ['HTML numeric entities', [...secret].map((char) => `&#${char.codePointAt(0)};`).join('')],
    [
      'HTML hex entities',
      [...secret].map((char) => `&#x${char.codePointAt(0)?.toString(16).toUpperCase()};`).join(''),
    ],
    ['form encoding', new URLSearchParams({ s: secret }).toString().slice(2)],
  ])('finds %s', (_name, form) => {
    expect(redactor.text(`<p>echo: ${form}.</p>`)).toBe(`<p>echo: ${REDACTED}.</p>`);
  });

  it.each([
    [
      'JSON',
      '{"access_token":"at-1234567","refresh_token":"rt-abcdefgh","id_token":"eyJ.x.y","n":1}',
      '{"access_token":"[REDACTED]","refresh_token":"[REDACTED]","id_token":"[REDACTED]","n":1}',
    ],
    [
      'JSON with spaces',
      '{ "refresh_token" : "rt-abcdefgh" }',
      '{ "refresh_token" : "[REDACTED]" }',
    ],
    [
      'a form body',
      'grant_type=refresh_token&refresh_token=rt-abcdefgh&client_id=app',
      'grant_type=refresh_token&refresh_token=[REDACTED]&client_id=app',
    ],
    [
      'a URL',
      'https://app.test/cb#access_token=at-1234567&state=s',
      'https://app.test/cb#access_token=[REDACTED]&state=s',
    ],
  ])('redacts OAuth token fields in %s', (_name, text, expected) => {
    expect(new Redactor().text(text)).toBe(expected);
  });

  it('redacts OAuth tokens in JSON values it walks, and learned tokens wherever they appear', () => {
    const redactor = new Redactor();
    redactor.learnTokens('{"access_token":"at-1234567","refresh_token":"rt-abcdefgh"}');
    expect(redactor.value({ refresh_token: 'rt-other-1', token: 'rt-abcdefgh' })).toEqual({
      refresh_token: REDACTED,
      token: REDACTED,
    });
    expect(redactor.text('logged: Bearer at-1234567')).toBe(`logged: Bearer ${REDACTED}`);
    // What the code itself receives keeps tokens it asked for: it needs them.
    expect(redactor.valueForCode({ refresh_token: 'rt-abcdefgh' })).toEqual({
      refresh_token: 'rt-abcdefgh',
    });
  });
});

describe('whitespace around a credential', () => {
  it('redacts the trimmed form an upstream echoes back', () => {
    const redactor = new Redactor();
    redactor.add('  key-12345 \n');
    expect(redactor.text('X-API-Key was key-12345')).toBe(`X-API-Key was ${REDACTED}`);
  });
});

describe('short credentials', () => {
  it('does not redact values shorter than the minimum, and says so', () => {
    const redactor = new Redactor();
    expect(redactor.add('k', 'the source credential')).toBe(false);
    expect(redactor.text('blocked')).toBe('blocked');
    expect(redactor.warnings).toEqual([
      expect.stringMatching(/^The source credential is shorter than 4 characters/),
    ]);
    expect(MIN_REDACTED_CHARS).toBe(4);
  });

  it('basic auth with a placeholder password (Freshdesk): the API key in the user name is the secret', () => {
    const redactor = new Redactor();
    redactor.addConnection('source', {
      authType: 'basic',
      authConfig: { username: 'fd-api-key-1234' },
      secret: 'X',
    });
    expect(redactor.text('XML Export fd-api-key-1234')).toBe(`XML Export ${REDACTED}`);
    expect(redactor.text(Buffer.from('fd-api-key-1234:X').toString('base64'))).toBe(REDACTED);
    expect(redactor.warnings).toEqual([]);
  });

  it('basic auth with a real password: the password is the secret, the user name is not', () => {
    const redactor = new Redactor();
    redactor.addConnection('destination', {
      authType: 'basic',
      authConfig: { username: 'ada' },
      secret: 'correct horse',
    });
    expect(redactor.text('ada: correct horse')).toBe(`ada: ${REDACTED}`);
  });

  it('warns when nothing of a credential is long enough to redact', () => {
    const redactor = new Redactor();
    redactor.addConnection('source', { authType: 'api-key', authConfig: {}, secret: 'ab' });
    redactor.addConnection('destination', {
      authType: 'basic',
      authConfig: { username: 'x' },
      secret: 'y',
    });
    redactor.addConnection('destination', { authType: 'none', authConfig: {}, secret: null });
    expect(redactor.warnings).toEqual([
      expect.stringMatching(/^The source credential is shorter than 4 characters/),
      expect.stringMatching(/^The destination credential is shorter than 4 characters/),
    ]);
    expect(redactor.text('ab x y')).toBe('ab x y');
  });
});

describe('the worker CPU spent on responses', () => {
  it('returns the parsed value itself, without a copy, when its text holds no secret', () => {
    const redactor = new Redactor();
    redactor.add('s3cret-value');
    const text = '{"items":[{"name":"a\\/b"}]}';
    const value = JSON.parse(text) as unknown;
    expect(redactor.valueForCode(value, text)).toBe(value);
  });

  it('still redacts when the text holds a secret in any JSON escaping', () => {
    const redactor = new Redactor();
    redactor.add('s3cret/value');
    for (const text of ['{"k":"s3cret\\/value"}', '{"k":"\\u0073\\u0033cret/value"}']) {
      expect(redactor.valueForCode(JSON.parse(text), text)).toEqual({ k: REDACTED });
    }
  });
});
