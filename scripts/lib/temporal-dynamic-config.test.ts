import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dynamicConfigArgs, dynamicConfigValues } from './temporal-dynamic-config.ts';

describe('Temporal dynamic config (one file for compose and the dev server)', () => {
  it('gives the dev server the compose file’s poll rates', () => {
    const values = dynamicConfigValues();
    expect(values['history.transferProcessorMaxPollRPS']).toBe(1000);
    expect(dynamicConfigArgs()).toContain('history.transferProcessorMaxPollRPS=1000');
  });

  it('passes only unconstrained values, JSON-encoded', () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'dc-')), 'dc.yaml');
    writeFileSync(
      file,
      [
        'a.flag:',
        '  - value: true',
        '    constraints: {}',
        'b.perNamespace:',
        '  - value: 5',
        '    constraints: { namespace: default }',
        'c.text:',
        '  - value: "x y"',
      ].join('\n'),
    );
    expect(dynamicConfigArgs(file)).toEqual([
      '--dynamic-config-value',
      'a.flag=true',
      '--dynamic-config-value',
      'c.text="x y"',
    ]);
  });
});
