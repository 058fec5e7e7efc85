import { describe, expect, it } from 'vitest';
import { getCatalogEntry } from '@patchbay/catalog';
import type { TApiDescription } from '@patchbay/schema';
import { documentedValue, hintsFor, paramValue, takesSlug } from './prompt-ids.ts';

const sentry = getCatalogEntry('sentry') as TApiDescription;
const ORG = 'organization_id_or_slug';
const PROJECT = 'project_id_or_slug';
const PATH = '/projects/{organization_id_or_slug}/{project_id_or_slug}/issues/';

describe('ids, keys and slugs the prompt writes out', () => {
  it('names the noun before the alternatives a parameter takes', () => {
    expect(hintsFor(ORG)).toEqual(['organization']);
    expect(hintsFor('tableIdOrName')).toEqual(['table']);
    expect(hintsFor('project_id_or_key')).toEqual(['project']);
    expect(takesSlug(ORG)).toBe(true);
    expect(takesSlug('tableIdOrName')).toBe(true);
    expect(takesSlug('board_id')).toBe(false);
  });

  it('takes a slug quoted or ending its noun phrase, under the noun or its short form', () => {
    const quoted = 'Look at the organisation "north-star" and its project `web-shop` in Sentry.';
    expect(paramValue(quoted, ORG, PATH, sentry)).toBe('north-star');
    expect(paramValue(quoted, PROJECT, PATH, sentry)).toBe('web-shop');
    const bare = 'For our Sentry org northstar and project checkout, list what is unresolved.';
    expect(paramValue(bare, ORG, PATH, sentry)).toBe('northstar');
    expect(paramValue(bare, PROJECT, PATH, sentry)).toBe('checkout');
  });

  it('takes no slug from words that only follow the noun, or for a parameter that wants an id', () => {
    const prose = 'Every project in the org gets a summary of what is unresolved.';
    expect(paramValue(prose, ORG, PATH, sentry)).toBeUndefined();
    expect(paramValue(prose, PROJECT, PATH, sentry)).toBeUndefined();
    expect(
      paramValue('board roadmap, please', 'board_id', '/boards/{board_id}/cards', sentry),
    ).toBe(undefined);
  });
});

describe('a parameter that takes a path with its namespace', () => {
  const gitlab = getCatalogEntry('gitlab') as TApiDescription;
  it('takes "group/project" after the noun, as written', () => {
    const text = 'Watch the GitLab project infra/terraform-modules for failures.';
    expect(paramValue(text, 'id', '/projects/{id}/pipelines', gitlab)).toBe(
      'infra/terraform-modules',
    );
    expect(paramValue('GitLab project 5521', 'id', '/projects/{id}/pipelines', gitlab)).toBe(
      '5521',
    );
  });
});

describe('a lone group/project path', () => {
  const gitlab = getCatalogEntry('gitlab') as TApiDescription;
  it('is the project when the prompt writes one and only one', () => {
    const path = '/projects/{id}/merge_requests';
    expect(paramValue('Merged MRs in tools/ci-images go to #infra', 'id', path, gitlab)).toBe(
      'tools/ci-images',
    );
    expect(paramValue('MRs in a/b and c/d and/or e', 'id', path, gitlab)).toBeUndefined();
    expect(paramValue('Due 12/05/2026, merged ones only', 'id', path, gitlab)).toBeUndefined();
  });
});

describe('a parameter whose description names the usual value', () => {
  const contentful = getCatalogEntry('contentful') as TApiDescription;
  const ENTRIES = '/spaces/{space_id}/environments/{environment_id}/entries';
  const value = (text: string) => documentedValue(text, 'environment_id', ENTRIES, contentful);

  it('takes the word the prompt gives after the noun, short or long', () => {
    expect(value('Publish into space k1 on the env qa-2 please')).toEqual({
      value: 'qa-2',
      assumed: false,
    });
    expect(value('Space k1, environment sandbox.')).toEqual({ value: 'sandbox', assumed: false });
  });

  it('falls back to the documented value, as an assumption', () => {
    expect(value('Entries go to Contentful space k1.')).toEqual({ value: 'master', assumed: true });
  });
});
