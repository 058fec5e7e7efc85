import { describe, expect, it } from 'vitest';
import { jsonErrorOffset, lineAndColumn } from './json-error-position.ts';

const where = (text: string) => lineAndColumn(text, jsonErrorOffset(text));

describe('jsonErrorOffset', () => {
  it('points at the first character JSON cannot have there', () => {
    expect(where('{"a": 1,}')).toBe('line 1, column 9');
    expect(where('{\n  "a": tru\n}')).toBe('line 2, column 11');
    expect(where('{"a": "bad \\q escape"}')).toBe('line 1, column 13');
    expect(where('[1, 2] extra')).toBe('line 1, column 8');
    expect(where('{"a": -}')).toBe('line 1, column 7');
    expect(where("{'a': 1}")).toBe('line 1, column 2');
  });

  it('points past the end of text that stops early', () => {
    expect(where('{"a": [1, 2')).toBe('line 1, column 12');
    expect(where('"open')).toBe('line 1, column 6');
  });

  it('finds nothing wrong in JSON', () => {
    const text = '{"a": [1, -2.5e3, true, false, null, "\\u00e9"], "b": {}}';
    expect(jsonErrorOffset(text)).toBe(text.length);
  });
});
