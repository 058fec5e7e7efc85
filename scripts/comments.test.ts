// Comments and test names must make sense to a reader of this repository alone. Issue numbers and
// sections of the design document outside it are citations nobody here can open, so a tracked
// source file may not contain them; a comment states its reason or points into docs/.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

const SOURCE_FILE = /\.(ts|tsx|js|mjs|sh|sql)$/;
const NOT_OURS = /(^|\/)(node_modules|dist)\/|\.gen\.tsx?$/;
// Migrations 0001–0018 predate this check and may not change: the runner checksums every
// applied file and refuses to start a database whose files were edited (db/src/migrate.ts).
const FROZEN = /^schema\/migrations\/00(0[1-9]|1[0-8])_/;
const CITATION = /\bissues? [0-9]+|DESIGN(\.md)? ?§|\bspec ?§/i;

/** Lines of `text` that cite an issue or the outside design document, as `file:line: text`. */
export function findCitations(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, index) => {
    return CITATION.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [];
  });
}

/** Whether the guard reads this repository path. */
export function isScanned(file: string): boolean {
  return SOURCE_FILE.test(file) && !NOT_OURS.test(file) && !FROZEN.test(file);
}

function trackedSourceFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' });
  return listed.split('\0').filter(isScanned);
}

describe('comments cite nothing a reader of the repository cannot open', () => {
  it('finds citations of issues and of the design document', () => {
    // Assembled here so that this file itself holds no citation.
    const planted = [
      'const a = 1;',
      `// kept for the retry (${'issue'} 21)`,
      `/** ${'Issues'} 14 and 15 asked for it. */`,
      `-- see ${'DESIGN'}.md §5`,
      `// as ${'Spec'} §4.2 says`,
      `# ${'DESIGN'} §10`,
      '// validation errors add `issues`, as RFC 6749 §5.2 describes',
    ];
    const found = findCitations('x.ts', planted.join('\n'));
    expect(found.map((hit) => hit.slice(0, hit.indexOf(': ')))).toEqual([
      'x.ts:2',
      'x.ts:3',
      'x.ts:4',
      'x.ts:5',
      'x.ts:6',
    ]);
    expect(found[0]).toBe(`x.ts:2: ${planted[1]}`);
  });

  it('reads our sources and new migrations, not dependencies or applied migrations', () => {
    expect(
      [
        'api/src/app.ts',
        'web/src/routes/index.tsx',
        'scripts/bootstrap.mjs',
        'scripts/launch.sh',
        'schema/migrations/0019_next.sql',
      ].filter(isScanned),
    ).toHaveLength(5);
    expect(
      [
        'README.md',
        'web/node_modules/x/index.js',
        'web/dist/assets/index.js',
        'web/src/routeTree.gen.ts',
        'schema/migrations/0018_runs-in-flight.sql',
      ].filter(isScanned),
    ).toEqual([]);
    expect(trackedSourceFiles().length).toBeGreaterThan(500);
  });

  it('has no such citation in any tracked source file', () => {
    const found = trackedSourceFiles().flatMap((file) =>
      findCitations(file, readFileSync(path.join(root, file), 'utf8')),
    );
    expect(found.join('\n')).toBe('');
  });
});
