import { describe, expect, it } from 'vitest';
import { checkSyntax, describeSyntaxError } from './check-syntax.ts';

describe('checkSyntax', () => {
  it('accepts the contract example and other valid default exports', () => {
    const valid = [
      'export default async function run(ctx) {\n  return { ok: true };\n}\n',
      'export default async (ctx) => ({ n: 1 });',
      'const run = async (ctx) => null;\nexport default run;',
      'var run = async function (ctx) {};\nexport { run as default };',
      '// top-level await and helpers are fine\nconst x = await Promise.resolve(1);\nexport default function run() { return x; }',
    ];
    for (const code of valid) expect(checkSyntax(code), code).toEqual({ ok: true });
  });

  it('reports a syntax error with its own line and column', () => {
    const result = checkSyntax('export default async function run(ctx) {\n  let x = ;\n}\n');
    expect(result).toEqual({
      ok: false,
      message: "Unexpected token ';'",
      line: 2,
      column: 11,
    });
    if (!result.ok)
      expect(describeSyntaxError(result)).toBe("Unexpected token ';' (line 2, column 11)");
  });

  it('rejects TypeScript, which the sandbox does not run', () => {
    const result = checkSyntax('export default async function run(ctx: any) {}');
    expect(result.ok).toBe(false);
    expect(result).toMatchObject({ line: 1 });
  });

  it('refuses imports with a clear message and the line of the import', () => {
    const result = checkSyntax(
      "// sync\nimport fs from 'node:fs';\nexport default async function run() { fs.readFileSync('/etc/passwd'); }",
    );
    expect(result).toEqual({
      ok: false,
      message: expect.stringMatching(
        /^Imports are not allowed: the sandbox has no modules \('node:fs'\)/,
      ),
      line: 2,
      column: 1,
    });
    expect(
      checkSyntax("export { x } from './x.js';\nexport default function run() {}"),
    ).toMatchObject({
      ok: false,
      line: 1,
      message: expect.stringContaining("'./x.js'"),
    });
  });

  it('refuses require() and dynamic import()', () => {
    expect(
      checkSyntax("export default async function run() {\n  const axios = require('axios');\n}"),
    ).toMatchObject({
      ok: false,
      line: 2,
      column: 17,
      message: expect.stringMatching(/^require\(\) is not available.*'axios'/),
    });
    expect(
      checkSyntax("export default async function run() {\n  await import('node:http');\n}"),
    ).toMatchObject({
      ok: false,
      line: 2,
      message: expect.stringMatching(/^import\(\) is not available/),
    });
  });

  it('requires a default export that is a function', () => {
    expect(checkSyntax('export async function run(ctx) {}')).toMatchObject({
      ok: false,
      line: 1,
      message: expect.stringMatching(/no default export/),
    });
    expect(checkSyntax('const a = 1;\nexport default { run() {} };')).toMatchObject({
      ok: false,
      line: 2,
      message: expect.stringMatching(/must be a function/),
    });
    expect(checkSyntax('export default 42;')).toMatchObject({ ok: false });
  });

  it('never runs the code it checks', () => {
    // An endless loop at the top level would hang the check if the module were evaluated.
    expect(checkSyntax('while (true) {}\nexport default function run() {}')).toEqual({ ok: true });
  });
});
