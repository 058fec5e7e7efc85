import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  forgetGenerationReport,
  generationToast,
  recallGenerationReport,
  rememberGenerationReport,
} from './generation-report.ts';

// The web project runs in Node: a Map stands in for the tab's sessionStorage.
beforeEach(() => {
  const storage = new Map<string, string>();
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
    removeItem: (key: string) => storage.delete(key),
  });
});

afterEach(() => vi.unstubAllGlobals());

describe('generationToast (issue 18 §2)', () => {
  it('says "✓ Code Generated!" only for a full success', () => {
    expect(generationToast({ unresolved: [] }).title).toBe('✓ Code Generated!');
    expect(
      generationToast({ unresolved: [], verification: { status: 'passed', summary: 'ok' } }).title,
    ).toBe('✓ Code Generated!');
  });

  it('names what was not understood, and how many more', () => {
    const toast = generationToast({ unresolved: ['which Slack channel', 'the label filter'] });
    expect(toast.title).toBe('Code generated with 2 parts not understood');
    expect(toast.message).toContain('which Slack channel (and 1 more)');
    expect(toast.variant).toBe('warning');
  });

  it('says when the dry run failed', () => {
    const toast = generationToast({
      unresolved: [],
      verification: { status: 'failed', summary: 'dry run failed', reason: '404 on /items' },
    });
    expect(toast).toEqual({
      title: 'Code generated, but its dry run failed',
      message: '404 on /items',
      variant: 'warning',
    });
  });
});

describe('the generation report in sessionStorage', () => {
  it('is recalled per integration and forgotten on request', () => {
    rememberGenerationReport('a', { unresolved: ['the board'] });
    expect(recallGenerationReport('a')).toEqual({ unresolved: ['the board'] });
    expect(recallGenerationReport('b')).toBeNull();
    forgetGenerationReport('a');
    expect(recallGenerationReport('a')).toBeNull();
  });

  it('ignores a stored value of the wrong shape', () => {
    sessionStorage.setItem('patchbay.generation-report.a', '{"unresolved":"nope"}');
    expect(recallGenerationReport('a')).toBeNull();
    sessionStorage.setItem('patchbay.generation-report.a', 'not json');
    expect(recallGenerationReport('a')).toBeNull();
  });
});
