import { gunzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { oauthEndpoints, ZApiDescription, type TApiDescription } from '@patchbay/schema';
import { describe, expect, it } from 'vitest';
import {
  DIRECTORY_DIR,
  descriptionFile,
  directoryDescription,
  getDirectoryApi,
  matchBothTiers,
  searchBothTiers,
} from './directory.ts';
import {
  applySemantics,
  directoryNames,
  loadSemantics,
  NAMES_FILE,
  ZDirectoryNames,
  type TDirectorySemantics,
} from './directory-semantics.ts';
import { matchDescription } from './match-description.ts';
import { resolveDescription } from './resolve-description.ts';

// The semantics layer over the most used directory APIs (ADR 036): every fact must still fit the
// distilled description it is laid over, and what it adds is what the product then uses.

const semantics = [...loadSemantics().values()];

/** The description as distilled, before the layer. */
function distilled(id: string): TApiDescription {
  const path = join(DIRECTORY_DIR, 'descriptions', descriptionFile(id));
  return ZApiDescription.parse(JSON.parse(gunzipSync(readFileSync(path)).toString()));
}

function operations(description: TApiDescription) {
  return description.resources.flatMap((r) => r.operations);
}

describe('the semantics layer', () => {
  it('covers the 30 most used directory APIs without a curated entry, ranked by downloads', () => {
    expect(semantics).toHaveLength(30);
    const byRank = [...semantics].sort((a, b) => a.rank - b.rank);
    expect(byRank.map((s) => s.rank)).toEqual(Array.from({ length: 30 }, (_, n) => n + 1));
    for (const [n, s] of byRank.entries()) {
      const api = getDirectoryApi(s.api);
      expect(api, s.api).toBeDefined();
      // A curated entry would already carry these facts, and would win.
      expect(matchDescription('', api!.baseUrl), s.api).toBeUndefined();
      if (n > 0)
        expect(s.client.downloadsAMonth).toBeLessThanOrEqual(byRank[n - 1]!.client.downloadsAMonth);
      // Names alone are not semantics: each file says something the document does not.
      expect(s.auth ?? s.askForFields[0] ?? s.paging[0] ?? s.containers[0], s.api).toBeDefined();
    }
  });

  it.each(semantics.map((s) => [s.api, s] as const))(
    '%s: every fact fits its description',
    (id, s) => {
      const before = distilled(id);
      const after = directoryDescription(id)!;
      expect(ZApiDescription.parse(after)).toEqual(after);
      for (const name of [...(s.names?.aliases ?? []), ...(s.names?.formerNames ?? [])])
        expect(after.aliases).toContain(name);
      if (s.auth?.schemes) expect(after.auth.schemes).toEqual(s.auth.schemes);
      if (s.auth?.scopes) {
        const oauth = after.auth.schemes.find((scheme) => scheme.type === 'oauth');
        expect(oauth?.type === 'oauth' && oauth.scopes).toEqual(s.auth.scopes);
        // The scopes a new OAuth connection asks for when the user typed none.
        expect(oauthEndpoints({}, after).scope).toBe(s.auth.scopes.join(' '));
      }
      for (const fact of s.askForFields) {
        const asked = operations(after).filter((op) =>
          op.params.some((p) => p.name === fact.param && p.description === fact.note),
        );
        expect(asked.length, `${id} ${fact.param}`).toBeGreaterThan(0);
      }
      for (const fact of s.paging) {
        const paged = operations(after).filter(
          (op) => JSON.stringify(op.pagination) === JSON.stringify(fact.pagination),
        );
        expect(paged.length, `${id} paging`).toBeGreaterThan(0);
      }
      // The distilled file itself is untouched: a re-distil keeps the layer.
      expect(distilled(id)).toEqual(before);
    },
  );

  it('refuses a fact about an operation or parameter the description lacks', () => {
    const description = distilled('giphy-com');
    const base: TDirectorySemantics = {
      api: 'giphy-com',
      rank: 1,
      client: { package: 'x', downloadsAMonth: 1 },
      askForFields: [],
      paging: [],
      containers: [],
    };
    const source = 'https://developers.giphy.com/docs/api/';
    expect(() =>
      applySemantics(description, {
        ...base,
        askForFields: [{ param: 'fields', operations: ['noSuchOp'], note: 'x', source }],
      }),
    ).toThrow(/giphy-com: askForFields\[0\]: no operation "noSuchOp"/);
    expect(() =>
      applySemantics(description, {
        ...base,
        paging: [{ operations: { taking: 'cursor' }, pagination: { style: 'none' }, source }],
      }),
    ).toThrow(/no operation takes/);
    expect(() => applySemantics(description, { ...base, auth: { scopes: ['a'], source } })).toThrow(
      /has no OAuth scheme/,
    );
  });

  it('fixes what the importer guessed: X pages by pagination_token, not since_id', () => {
    const timeline = operations(directoryDescription('twitter-com-current')!).find(
      (op) => op.id === 'usersIdTweets',
    )!;
    expect(timeline.pagination).toMatchObject({
      style: 'cursor',
      cursorParam: 'pagination_token',
      nextCursorPath: 'meta.next_token',
    });
    expect(
      operations(distilled('twitter-com-current')).find((op) => op.id === 'usersIdTweets')!
        .pagination,
    ).toMatchObject({ cursorParam: 'since_id' });
  });
});

describe('names people know an API by, a former name included', () => {
  it.each([
    ['Nexmo', 'nexmo-com-sms'],
    ['ZEIT', 'vercel-com'],
    ['Twitter', 'twitter-com-current'],
    ['X API', 'twitter-com-current'],
    ['Google Contacts API', 'googleapis-com-people'],
    ['Mailchimp Transactional', 'mandrillapp-com'],
    ['GCS', 'googleapis-com-storage'],
    ['GA4', 'googleapis-com-analyticsdata'],
    // Renamed APIs outside the 30, from names.json.
    ['Splunk On-Call', 'victorops-com'],
    ['iZettle', 'izettle-com-products'],
    ['PayPal POS', 'izettle-com-products'],
    ['Citrix GoToWebinar', 'getgo-com-gotowebinar'],
    ['Adobe Commerce', 'magento-com'],
  ])('"%s" is matched, offered and resolved as %s', (name, id) => {
    expect(matchBothTiers(name, '')).toMatchObject({ id, tier: 'directory' });
    expect(
      searchBothTiers(name)
        .slice(0, 8)
        .map((s) => s.id),
    ).toContain(id);
    expect(resolveDescription({ kind: 'auto' }, name, '').inUse).toMatchObject({
      id,
      tier: 'directory',
    });
  });

  it('names only APIs the directory offers and no curated entry claims, each once', () => {
    const renamed = ZDirectoryNames.parse(JSON.parse(readFileSync(NAMES_FILE, 'utf8')));
    for (const entry of renamed) {
      const api = getDirectoryApi(entry.api);
      expect(api, entry.api).toBeDefined();
      expect(matchDescription('', api!.baseUrl), entry.api).toBeUndefined();
      expect(loadSemantics().has(entry.api), entry.api).toBe(false);
      expect(directoryNames().get(entry.api)).toEqual([...entry.aliases, ...entry.formerNames]);
      expect(directoryDescription(entry.api)!.aliases).toEqual(
        expect.arrayContaining(entry.formerNames),
      );
    }
  });

  it('keeps a curated entry for its own name and host', () => {
    expect(matchBothTiers('Mailchimp', '')?.id).toBe('mailchimp');
    expect(matchBothTiers('Mailchimp marketing', '')?.id).toBe('mailchimp');
    expect(matchBothTiers('Our Mailchimp', 'https://us1.api.mailchimp.com/3.0')?.id).toBe(
      'mailchimp',
    );
    // A partial name at a loopback mock stays with the curated entry: no directory host fits.
    expect(matchBothTiers('Mailchimp Transactional', 'http://127.0.0.1:4010')?.id).toBe(
      'mailchimp',
    );
  });
});
