import type { TRequirement } from '@patchbay/schema';
import { describe, expect, it } from 'vitest';
import { generationToast } from './generation-report.ts';

const requirement = (status: TRequirement['status'], text: string): TRequirement => ({
  kind: 'other',
  text,
  status,
  lines: [],
});

describe('generationToast', () => {
  it('says "✓ Code Generated!" when nothing is missing and the dry run did not object', () => {
    expect(generationToast({ requirements: [] }).title).toBe('✓ Code Generated!');
    expect(
      generationToast({
        requirements: [requirement('done', 'Read parcels'), requirement('assumed', 'No repeats')],
        verification: { status: 'passed', summary: 'ok' },
      }).title,
    ).toBe('✓ Code Generated!');
  });

  it('counts the missing requirements of the checklist itself, and names the first', () => {
    const toast = generationToast({
      requirements: [
        requirement('done', 'Read parcels'),
        requirement('missing', 'which chat room to post in'),
        requirement('missing', 'the weight filter'),
      ],
    });
    expect(toast.title).toBe('Code generated with 2 requirements missing');
    expect(toast.message).toContain('which chat room to post in (and 1 more)');
    expect(toast.variant).toBe('warning');
  });

  it('says when the dry run failed or proved nothing', () => {
    expect(
      generationToast({
        requirements: [],
        verification: { status: 'failed', summary: 'dry run failed', reason: '404 on /items' },
      }),
    ).toEqual({
      title: 'Code generated, but its dry run failed',
      message: '404 on /items',
      variant: 'warning',
    });
    expect(
      generationToast({
        requirements: [],
        verification: { status: 'unverified', summary: 's', reason: 'read 3, wrote none' },
      }).title,
    ).toBe('Code generated, but its dry run proved nothing');
  });
});
