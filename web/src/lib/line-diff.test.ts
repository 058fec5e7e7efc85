import { describe, expect, it } from 'vitest';
import { diffLines } from './line-diff.ts';

describe('diffLines', () => {
  it('marks the changed line of a write body as removed then added', () => {
    const before = '{\n  "email": "grace at example.com",\n  "name": "Grace"\n}';
    const after = '{\n  "email": "grace@example.com",\n  "name": "Grace"\n}';
    expect(diffLines(before, after)).toEqual([
      { kind: 'same', text: '{' },
      { kind: 'removed', text: '  "email": "grace at example.com",' },
      { kind: 'added', text: '  "email": "grace@example.com",' },
      { kind: 'same', text: '  "name": "Grace"' },
      { kind: 'same', text: '}' },
    ]);
  });

  it('shows a write only one side made as wholly added or removed', () => {
    expect(diffLines('', 'POST /contacts')).toEqual([{ kind: 'added', text: 'POST /contacts' }]);
    expect(diffLines('DELETE /x\nnull', '')).toEqual([
      { kind: 'removed', text: 'DELETE /x' },
      { kind: 'removed', text: 'null' },
    ]);
    expect(diffLines('same', 'same')).toEqual([{ kind: 'same', text: 'same' }]);
  });
});
