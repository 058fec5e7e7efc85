import { describe, expect, it } from 'vitest';
import { checkModule, describeModuleProblem } from './check-module.ts';

describe('checkModule (deploy refuses code that cannot run)', () => {
  it('accepts a module whose default export is a function', () => {
    expect(checkModule('export default async function run(ctx) {\n  return 1;\n}\n')).toEqual({
      ok: true,
    });
    expect(checkModule('const run = async (ctx) => 1;\nexport default run;\n')).toEqual({
      ok: true,
    });
    expect(checkModule('export default async (ctx) => ({ ok: true });\n')).toEqual({ ok: true });
    expect(checkModule('async function run() {}\nexport { run as default };\n')).toEqual({
      ok: true,
    });
  });

  it('names the line and column of a syntax error', () => {
    const check = checkModule('export default async function run(ctx) {\n  const x = ;\n}\n');
    expect(check).toEqual({ ok: false, message: 'Unexpected token', line: 2, column: 13 });
    if (check.ok) throw new Error('unreachable');
    expect(describeModuleProblem(check)).toBe('Unexpected token (line 2, column 13)');
  });

  it('refuses code without a default export, or whose default export is not a function', () => {
    expect(checkModule('async function run(ctx) {}\n')).toMatchObject({
      ok: false,
      message: expect.stringContaining('no default export'),
      line: 1,
      column: 1,
    });
    expect(checkModule('const a = 1;\nexport default { a };\n')).toMatchObject({
      ok: false,
      message: expect.stringContaining('must be a function'),
      line: 2,
      column: 1,
    });
    expect(checkModule('')).toMatchObject({ ok: false });
  });

  it('refuses imports, which the sandbox cannot load', () => {
    expect(
      checkModule("import fs from 'node:fs';\nexport default async function run() {}\n"),
    ).toMatchObject({ ok: false, message: expect.stringContaining("'node:fs'"), line: 1 });
    expect(checkModule("export * from './other.js';\n")).toMatchObject({ ok: false });
  });
});
