import type { TApiDescription } from '@patchbay/schema';
import { describe, expect, it } from 'vitest';
import {
  formatEventHeaders,
  parseEventHeaders,
  sampleEvents,
  type SampleEvent,
} from './sample-event.ts';

// "Test with an event": the headers a sample carries into ctx.event.headers.

function described(webhooks: Partial<NonNullable<TApiDescription['webhooks']>>) {
  return {
    webhooks: {
      signature: { scheme: 'github' },
      events: [
        { name: 'issues', example: { action: 'opened' } },
        { name: 'push', example: { ref: 'refs/heads/main' } },
      ],
      ...webhooks,
    },
  } as TApiDescription;
}

describe('sample events', () => {
  it('carry the event type header when the provider names the type in one', () => {
    const events = sampleEvents(described({ eventTypePath: 'header:X-GitHub-Event' }));
    expect(events.map((event: SampleEvent) => event.headers)).toEqual([
      { 'X-GitHub-Event': 'issues' },
      { 'X-GitHub-Event': 'push' },
    ]);
    expect(formatEventHeaders(events[0]?.headers ?? {})).toBe('X-GitHub-Event: issues');
  });

  it('carry no header when the type is in the body', () => {
    expect(sampleEvents(described({ eventTypePath: 'type' }))[0]?.headers).toEqual({});
    expect(sampleEvents(null)).toEqual([]);
  });
});

describe('pasted headers', () => {
  it('are Name: value lines; blank lines are skipped and values keep their colons', () => {
    expect(parseEventHeaders('X-Shopify-Topic: orders/create\n\nX-Note: a: b \n')).toEqual({
      headers: { 'X-Shopify-Topic': 'orders/create', 'X-Note': 'a: b' },
      error: null,
    });
    expect(parseEventHeaders('')).toEqual({ headers: {}, error: null });
  });

  it('name the first line that is not a header', () => {
    expect(parseEventHeaders('X-Ok: 1\nno colon here')).toEqual({
      error: 'Line 2: write each header as Name: value',
    });
    expect(parseEventHeaders('bad name: 1')).toEqual({
      error: 'Line 1: write each header as Name: value',
    });
  });
});
