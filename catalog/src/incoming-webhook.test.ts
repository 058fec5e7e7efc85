import { describe, expect, it } from 'vitest';
import { incomingWebhookDescription } from './incoming-webhook.ts';
import { resolveDescription } from './resolve-description.ts';
import { matchBothTiers } from './directory.ts';

// A webhook URL is described by its shape before any name match; an API's REST URL is not.

describe('incoming webhooks', () => {
  it('knows each vendor by the URL it gives out, and the field its message goes in', () => {
    const field = (name: string, url: string) =>
      incomingWebhookDescription(name, url)?.messaging?.textField;
    expect(
      field('Teams', 'https://acme.webhook.office.com/webhookb2/a@b/IncomingWebhook/c/d'),
    ).toBe('text');
    expect(field('Slack', 'https://hooks.slack.com/services/T0001/B0002/XyZ')).toBe('text');
    expect(field('Discord', 'https://discord.com/api/webhooks/123456/abc-DEF')).toBe('content');
    expect(field('Chat', 'https://chat.googleapis.com/v1/spaces/AAA/messages?key=k&token=t')).toBe(
      'text',
    );
    expect(field('Mattermost', 'https://mm.example.com/hooks/abcdefghijklmnopqrstuvwxyz')).toBe(
      'text',
    );
    expect(field('Rocket.Chat incoming webhook', 'https://chat.example.com/hooks/x/y')).toBe(
      'text',
    );
  });

  it('is not a chat webhook by name alone unless the name is a chat app’s, and never throws', () => {
    expect(
      incomingWebhookDescription('GitHub incoming webhooks', 'https://api.github.com'),
    ).toBeUndefined();
    const long = `https://hooks.slack.com/services/T1/B2/${'x'.repeat(600)}`;
    expect(() => incomingWebhookDescription('Slack', long)).not.toThrow();
  });

  it('leaves REST URLs to the catalog', () => {
    expect(incomingWebhookDescription('Slack', 'https://slack.com/api')).toBeUndefined();
    expect(incomingWebhookDescription('Discord', 'https://discord.com/api/v10')).toBeUndefined();
    expect(incomingWebhookDescription('Microsoft Teams', 'https://graph.microsoft.com/v1.0')).toBe(
      undefined,
    );
    expect(
      resolveDescription(undefined, 'Microsoft Teams', 'https://graph.microsoft.com/v1.0'),
    ).toMatchObject({ inUse: { id: 'microsoft-teams' } });
  });

  it('is what a Teams webhook URL resolves to, even under the name Microsoft Teams', () => {
    const resolved = resolveDescription(
      undefined,
      'Microsoft Teams',
      'https://acme.webhook.office.com/webhookb2/a@b/IncomingWebhook/c/d',
    );
    expect(resolved.inUse).toMatchObject({ id: 'incoming-webhook', how: 'matched' });
    expect(resolved.description?.resources[0]?.operations[0]).toMatchObject({
      method: 'POST',
      path: '/',
    });
  });
});

describe('the Create form’s match', () => {
  it('names the webhook, as generation will use it', () => {
    expect(
      matchBothTiers(
        'Microsoft Teams',
        'https://acme.webhook.office.com/webhookb2/a@b/IncomingWebhook/c/d',
      ),
    ).toMatchObject({ id: 'incoming-webhook', name: 'Microsoft Teams incoming webhook' });
  });
});
