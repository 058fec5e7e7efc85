import { describe, expect, it } from 'vitest';
import type { DirectoryApi } from './directory.ts';
import {
  directoryDescription,
  directoryVersions,
  matchBothTiers,
  searchBothTiers,
} from './directory.ts';
import { familyOf, versionLabel } from './directory-versions.ts';
import { resolveDescription } from './resolve-description.ts';

// Versions of one directory API (ADR 036): the newest stable is the default that search offers
// and a name matches; the others are listed with it and can be chosen.

function api(sourceId: string, version = '1.0', operations = 10): DirectoryApi {
  const [provider = sourceId, service] = sourceId.split('/');
  return {
    id: sourceId.replace(/[^a-z0-9]+/gi, '-').toLowerCase(),
    sourceId,
    provider,
    ...(service ? { service } : {}),
    version,
    categories: [],
    title: sourceId,
    hosts: [],
    baseUrl: 'https://api.example.org',
    docsUrl: 'https://example.org',
    authType: 'none',
    quality: { operations, list: true, create: true, pagination: true },
  };
}

const defaultOf = (apis: DirectoryApi[]) =>
  familyOf(apis)
    .get(apis[0]!.id)
    ?.apis.map((a) => versionLabel(a));

describe('families of versions', () => {
  it('orders a family newest stable first, whatever the ids look like', () => {
    expect(
      defaultOf([
        api('twilio.com/twilio_chat_v1', '1.0', 90),
        api('twilio.com/twilio_chat_v3'),
        api('twilio.com/twilio_chat_v2'),
      ]),
    ).toEqual(['v3', 'v2', 'v1']);
    expect(
      defaultOf([
        api('adyen.com/CheckoutService', '70'),
        api('adyen.com/CheckoutService-v71', '71'),
      ]),
    ).toEqual(['v71', 'v70']);
    expect(
      defaultOf([
        api('github.com/ghes-3.5'),
        api('github.com/ghes-3.10'),
        api('github.com/ghes-3.6'),
      ]),
    ).toEqual(['3.10', '3.6', '3.5']);
    expect(
      defaultOf([api('twitter.com/legacy', '1.1'), api('twitter.com/current', '2.62')]),
    ).toEqual(['2.62 (current)', '1.1 (legacy)']);
    // A beta is newer but not stable: the stable version stays the default.
    expect(
      defaultOf([api('example.org/graph-beta', '2.0'), api('example.org/graph', '1.0')]),
    ).toEqual(['1.0', '2.0 (beta)']);
  });

  it('does not make a family of a provider’s unrelated APIs', () => {
    const apis = [api('googleapis.com/drive', 'v3'), api('googleapis.com/driveactivity', 'v2')];
    expect(familyOf(apis).size).toBe(0);
    expect(familyOf([api('example.org/thing_v1')]).size).toBe(0);
  });
});

describe('versions in the directory', () => {
  it('offers a family once, as its default, with every version listed', () => {
    const adyen = searchBothTiers('adyen checkout').filter((s) => s.id.includes('checkoutservice'));
    expect(adyen).toHaveLength(1);
    expect(adyen[0]).toMatchObject({
      id: 'adyen-com-checkoutservice-v71',
      version: 'v71',
      versions: [
        { id: 'adyen-com-checkoutservice-v71', label: 'v71', default: true },
        { id: 'adyen-com-checkoutservice', label: 'v70', default: false },
      ],
    });
    const chat = searchBothTiers('twilio chat').find((s) =>
      s.id.startsWith('twilio-com-twilio-chat'),
    );
    expect(chat?.versions?.map((v) => v.label)).toEqual(['v3', 'v2', 'v1']);
    expect(chat?.id).toBe('twilio-com-twilio-chat-v3');
  });

  it('offers another version when the query names it or pastes its base URL', () => {
    expect(searchBothTiers('twilio chat v1').map((s) => s.id)).toContain(
      'twilio-com-twilio-chat-v1',
    );
    expect(searchBothTiers('https://checkout-test.adyen.com/v70')[0]?.id).toBe(
      'adyen-com-checkoutservice',
    );
  });

  it('matches a name to the default and a base URL to its own version', () => {
    expect(matchBothTiers('Adyen Checkout', '')?.id).toBe('adyen-com-checkoutservice-v71');
    expect(matchBothTiers('Twitter', '')?.id).toBe('twitter-com-current');
    expect(matchBothTiers('Adyen Checkout', 'https://checkout-test.adyen.com/v70')?.id).toBe(
      'adyen-com-checkoutservice',
    );
  });

  it('uses a chosen older version’s own description', () => {
    const resolved = resolveDescription(
      { kind: 'catalog', id: 'adyen-com-checkoutservice' },
      'Adyen',
      '',
    );
    expect(resolved.description).toEqual(directoryDescription('adyen-com-checkoutservice'));
    expect(resolved.description?.baseUrl).toBe('https://checkout-test.adyen.com/v70');
  });

  it('lists no versions for an API that has one', () => {
    expect(directoryVersions('orbit-love')).toEqual([]);
    expect(directoryVersions('stripe')).toEqual([]);
    expect(directoryVersions('twitter-com-legacy').map((v) => v.id)).toEqual([
      'twitter-com-current',
      'twitter-com-legacy',
    ]);
  });
});
