import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findPracticeDir } from './practice.ts';

// Where the practice group is looked for: beside the repository root, or beside the main
// checkout's root when the repository is a git worktree; none means "not available".

const base = mkdtempSync(path.join(os.tmpdir(), 'practice-dir-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

function practiceBeside(root: string): string {
  const dir = path.join(root, '..', 'shared', 'generation-practice');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'run.py'), '');
  return dir;
}

describe('finding the practice set', () => {
  it('is not available when no folder holds run.py', () => {
    const repo = path.join(base, 'lonely', 'repo');
    mkdirSync(repo, { recursive: true });
    expect(findPracticeDir(repo)).toBeUndefined();
  });

  it('finds it beside the repository root', () => {
    const repo = path.join(base, 'plain', 'repo');
    mkdirSync(repo, { recursive: true });
    const dir = practiceBeside(repo);
    expect(findPracticeDir(repo)).toBe(path.join(repo, '..', 'shared', 'generation-practice'));
    expect(dir).toBe(path.join(base, 'plain', 'shared', 'generation-practice'));
  });

  it('finds it beside the main checkout of a worktree', () => {
    const main = path.join(base, 'wt', 'main');
    const worktree = path.join(base, 'wt', 'trees', 'feature');
    mkdirSync(path.join(main, '.git', 'worktrees', 'feature'), { recursive: true });
    mkdirSync(worktree, { recursive: true });
    writeFileSync(
      path.join(worktree, '.git'),
      `gitdir: ${path.join(main, '.git', 'worktrees', 'feature')}\n`,
    );
    const dir = practiceBeside(main);
    expect(findPracticeDir(worktree)).toBe(dir);
  });
});
