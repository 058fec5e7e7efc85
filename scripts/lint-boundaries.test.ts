// The import direction between workspaces (docs/ARCHITECTURE.md, Workspaces) is enforced by
// eslint.config.js. These cases lint small in-memory files with ESLint's Node API,
// through the repository's own config, and expect a wrong import to be an error.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

// Only the rule under test: the type-aware rules need files that exist in a tsconfig project.
const eslint = new ESLint({
  cwd: root,
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
  overrideConfig: {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: false } },
  },
});

async function importErrors(filePath: string, specifier: string): Promise<string[]> {
  const code = `import { x } from '${specifier}';\nexport const y = x;\n`;
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('import direction (eslint.config.js)', () => {
  it.each([
    ['web/src/lib/bad.ts', '@patchbay/db', /web may import schema, runtime/],
    ['web/src/lib/bad.ts', '@patchbay/schema/vault', /browser/],
    ['web/src/lib/bad.ts', '@patchbay/catalog', /only @patchbay\/catalog\/check-module/],
    ['web/src/lib/bad.ts', '../../../catalog/src/load-catalog.ts', /only @patchbay\/catalog/],
    ['web/src/lib/bad.ts', '../../../api/src/app.ts', /web may import/],
    ['api/src/bad.ts', '../../workers/src/sandbox/index.ts', /api may import/],
    ['workers/src/bad.ts', '../../api/src/app.ts', /workers may import/],
    ['workers/src/bad.ts', '@patchbay/web', /workers may import/],
    ['schema/src/bad.ts', '@patchbay/workflows', /schema may import none of our packages/],
    ['workflows/src/bad.ts', '@patchbay/db', /workflows may import schema/],
    ['workflows/src/bad.ts', 'node:crypto', /deterministic/],
    ['catalog/src/bad.ts', '@patchbay/runtime', /catalog may import schema/],
    ['db/src/bad.ts', '@patchbay/workflows', /db may import schema/],
    ['runtime/src/ctx/bad.ts', '@patchbay/schema', /runtime may import none/],
  ])('%s may not import %s', async (filePath, specifier, message) => {
    const errors = await importErrors(filePath, specifier);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
  });

  it.each([
    ['web/src/lib/good.ts', '@patchbay/schema'],
    ['web/src/lib/good.ts', '@patchbay/catalog/check-module'],
    ['api/src/good.ts', '@patchbay/db'],
    ['api/src/good.ts', '@patchbay/workflows'],
    ['workers/src/good.ts', '@patchbay/runtime'],
    ['runtime/src/export/good.ts', '@patchbay/schema'],
    ['api/src/good.test.ts', '../../scripts/test-support/test-app.ts'],
  ])('%s may import %s', async (filePath, specifier) => {
    expect(await importErrors(filePath, specifier)).toEqual([]);
  });
});
