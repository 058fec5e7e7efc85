import { describe, expect, it } from 'vitest';
import { plan } from './catalog-plan.test-support.ts';

// Containers the read needs, given by name, and the words that say which records are read
// (ADR 045, addendum on source containers).

describe('containers on the source side given by name', () => {
  it('looks up a mailbox named by a capitalised word and narrows the read to it', () => {
    const planned = plan(
      'Every pending conversation of the Wholesale Orders mailbox goes to #wholesale in Slack.',
      'help-scout',
      'slack',
    );
    expect(planned.lookups).toEqual([
      expect.objectContaining({
        side: 'source',
        target: { kind: 'query', name: 'mailbox' },
        name: 'Wholesale Orders',
        resource: 'mailbox',
      }),
    ]);
    expect(planned.source?.operation.path).toBe('/conversations');
    expect(planned.blocking).toEqual([]);
  });

  it("reads a named list's members, not every profile", () => {
    const planned = plan(
      "Copy members of the list 'Spring Launch Waitlist' from Klaviyo into HubSpot contacts.",
      'klaviyo',
      'hubspot',
    );
    expect(planned.source?.operation.path).toBe('/api/lists/{id}/profiles');
    expect(planned.lookups[0]).toMatchObject({
      side: 'source',
      target: { kind: 'path', name: 'id' },
      name: 'Spring Launch Waitlist',
    });
  });

  it('gives a search body the one location it needs as a list, named in any script', () => {
    const planned = plan(
      'Every completed Square order from the Kraków Rynek location becomes a Slack post in #sales.',
      'square',
      'slack',
    );
    expect(planned.lookups[0]).toMatchObject({
      side: 'source',
      target: { kind: 'query', name: 'location_ids', list: true },
      name: 'Kraków Rynek',
    });
  });

  it('does not take a word the destination uses for its own resource as the source container', () => {
    const planned = plan(
      "Put our Asana tasks on the Trello list 'Next up' of board 5f1b2c3 as cards.",
      'asana',
      'trello',
    );
    expect(planned.lookups.filter((lookup) => lookup.side === 'source')).toEqual([]);
  });
});

describe('which resource the words name', () => {
  it('prefers the longer of two names that start at the same word', () => {
    const planned = plan(
      'Send new form submissions from Webflow site 64a1b2c3d4 to #leads in Slack.',
      'webflow',
      'slack',
    );
    expect(planned.source?.resource.name).toBe('form submission');
  });

  it('does not read a resource name used as the verb of the sentence', () => {
    // Webflow calls its blog entries "posts": the opening verb is not one.
    const planned = plan(
      'Post every submission of Webflow form 77ab12 to #inbound in Slack.',
      'webflow',
      'slack',
    );
    expect(planned.source?.resource.name).toBe('form submission');
  });
});
