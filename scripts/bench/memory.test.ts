import { describe, expect, it } from 'vitest';
import { pssWithinSet, type MappedFile } from './memory.ts';

const files = (entries: [string, MappedFile][]) => new Map(entries);

describe('pssWithinSet', () => {
  it('counts a file only one process of the set maps whole, and keeps PSS for the others', () => {
    // Temporal's binary, mapped by the dev server alone but split with a dev server outside
    // the set; Node's binary, mapped by two processes of the set.
    const temporal = { pss: 150, files: files([['8:1:10', { rss: 72, pss: 36 }]]) };
    const api = { pss: 70, files: files([['8:1:20', { rss: 30, pss: 5 }]]) };
    const worker = {
      pss: 140,
      files: files([
        ['8:1:20', { rss: 30, pss: 5 }],
        ['8:1:30', { rss: 12, pss: 6 }],
      ]),
    };
    expect(pssWithinSet([temporal, api, worker])).toEqual([
      { pss: 186, added: 36 },
      { pss: 70, added: 0 },
      { pss: 146, added: 6 },
    ]);
  });

  it('leaves a set with no files as it is', () => {
    expect(pssWithinSet([{ pss: 10, files: new Map() }])).toEqual([{ pss: 10, added: 0 }]);
  });
});
