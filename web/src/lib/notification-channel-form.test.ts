import { describe, expect, it } from 'vitest';
import { channelRequest, routingOf, selectedOf } from './notification-channel-form.ts';

describe('the add-channel form', () => {
  it('sends an email channel to the account address when the address is left empty', () => {
    expect(channelRequest({ type: 'email', name: 'Me', target: '  ', selected: [] })).toEqual({
      request: { type: 'email', name: 'Me', address: null, integrationIds: 'all' },
    });
  });

  it('routes to the chosen integrations, none chosen meaning all', () => {
    const id = '0b6f7c1e-5a7d-4c1b-9d44-0c2f7a1d2e3f';
    expect(routingOf([])).toBe('all');
    expect(routingOf([id])).toEqual([id]);
    expect(selectedOf('all')).toEqual([]);
    expect(selectedOf([id])).toEqual([id]);
    expect(
      channelRequest({
        type: 'webhook',
        name: 'Slack',
        target: ' https://hooks.slack.com/services/T/B/x ',
        selected: [id],
      }),
    ).toEqual({
      request: {
        type: 'webhook',
        name: 'Slack',
        url: 'https://hooks.slack.com/services/T/B/x',
        integrationIds: [id],
      },
    });
  });

  it("names the field that is wrong, in the API's words", () => {
    expect(channelRequest({ type: 'email', name: '', target: 'nope', selected: [] })).toEqual({
      errors: { name: 'is required', address: expect.any(String) },
    });
    expect(
      channelRequest({ type: 'webhook', name: 'x', target: 'ftp://example.com/h', selected: [] }),
    ).toEqual({ errors: { url: 'must be an http:// or https:// URL' } });
    expect(channelRequest({ type: 'webhook', name: 'x', target: '', selected: [] })).toEqual({
      errors: { url: expect.any(String) },
    });
  });
});
