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

describe('generationToast after a dry run that failed', () => {
  it('says the failure in the plain sentence a failed test leads with, not the raw reason', () => {
    const toast = generationToast(
      {
        requirements: [requirement('done', 'Read customers')],
        verification: {
          status: 'failed',
          summary: 'dry run: no reads; no writes to capture; 0 schema errors',
          reason:
            'Error: GET https://api.stripe.com/v1/customers failed: cannot resolve api.stripe.com (ENOTFOUND) (line 112)',
          error: {
            name: 'Error',
            message:
              'GET https://api.stripe.com/v1/customers failed: cannot resolve api.stripe.com (ENOTFOUND)',
            line: 112,
          },
          requestsAnswered: 0,
        },
      },
      {
        source: { apiName: 'Stripe', baseUrl: 'https://api.stripe.com' },
        destination: { apiName: 'HubSpot', baseUrl: 'https://api.hubapi.com' },
      },
    );
    expect(toast.title).toBe('Code generated, but its dry run failed');
    expect(toast.message).toMatch(/^Patchbay could not reach api\.stripe\.com/);
    expect(toast.message).toContain('Stripe (source)');
    expect(toast.message).not.toMatch(/schema errors|ENOTFOUND|line 112/);
  });

  it('keeps the reason when the report has no error (a schema error, or an older report)', () => {
    const toast = generationToast({
      requirements: [],
      verification: { status: 'failed', summary: 's', reason: '1 schema error: text: required' },
    });
    expect(toast.message).toBe('1 schema error: text: required');
  });
});
