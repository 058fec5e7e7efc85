import { getCatalogEntry } from '@patchbay/catalog';
import { describe, expect, it } from 'vitest';
import { readWebhookTrigger } from './webhook-trigger.ts';

// A webhook trigger is an event in a clause of its own, named by the provider's event words;
// the run's own language ("each time this runs", "since the last run") is a schedule's.

const stripe = getCatalogEntry('stripe');

describe('readWebhookTrigger', () => {
  it('reads an event that is the subject of its own clause', () => {
    const reading = readWebhookTrigger(
      'Whenever a subscription is cancelled, tell the #billing channel in Slack.',
      stripe,
    );
    expect(reading?.event?.name).toMatch(/subscription/);
  });

  it('does not take the run itself for an event', () => {
    expect(
      readWebhookTrigger(
        'Each time this runs, copy the cancelled subscriptions since the last run to Slack.',
        stripe,
      ),
    ).toBeUndefined();
  });

  it('does not take a subordinate "when" for an event', () => {
    expect(
      readWebhookTrigger(
        'Post cancelled subscriptions to Slack, and say "none" when it is blank.',
        stripe,
      ),
    ).toBeUndefined();
  });

  it('does not pick an event the prompt has no word for', () => {
    expect(
      readWebhookTrigger('When the moon is full, nudge the team in Slack.', stripe),
    ).toBeUndefined();
  });
});
