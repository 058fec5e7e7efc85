import { ZApiDescription, type TApiDescription } from '@patchbay/schema';

// An incoming webhook is a URL that is a whole API: one POST of a small JSON message to the URL
// itself posts it in the channel the webhook was made for. The URL is the secret, so there is
// no key. Users paste the URL as the base URL and name the API after the chat app, which would
// otherwise match the app's full REST API (Teams would read as Microsoft Graph), so the URL's
// shape decides first. The facts, from each vendor's page on incoming webhooks:
// - Microsoft Teams: POST {"text": …} to …/webhookb2/…/IncomingWebhook/… (learn.microsoft.com,
//   "Create an Incoming Webhook").
// - Slack: POST {"text": …} to hooks.slack.com/services/T…/B…/… (api.slack.com, "Sending
//   messages using incoming webhooks").
// - Discord: POST {"content": …} to /api/webhooks/{id}/{token} ("Execute Webhook").
// - Google Chat: POST {"text": …} to /v1/spaces/{space}/messages?key=…&token=… ("Send messages
//   to Google Chat with incoming webhooks").
// - Mattermost: POST {"text": …} to /hooks/{26-character id} ("Incoming webhooks").

interface WebhookKind {
  vendor: string;
  textField: string;
  docsUrl: string;
  matches: (url: URL) => boolean;
}

const KINDS: readonly WebhookKind[] = [
  {
    vendor: 'Microsoft Teams',
    textField: 'text',
    docsUrl:
      'https://learn.microsoft.com/en-us/microsoftteams/platform/webhooks-and-connectors/how-to/add-incoming-webhook',
    matches: (url) =>
      /\/webhookb2\//i.test(url.pathname) ||
      /\/IncomingWebhook\//.test(url.pathname) ||
      url.hostname.endsWith('.webhook.office.com'),
  },
  {
    vendor: 'Slack',
    textField: 'text',
    docsUrl: 'https://api.slack.com/messaging/webhooks',
    matches: (url) =>
      url.hostname === 'hooks.slack.com' || /^\/services\/T\w+\/B\w+\/\w+\/?$/.test(url.pathname),
  },
  {
    vendor: 'Discord',
    textField: 'content',
    docsUrl: 'https://discord.com/developers/docs/resources/webhook#execute-webhook',
    matches: (url) => /\/api\/(?:v\d+\/)?webhooks\/\d+\/[\w-]+\/?$/.test(url.pathname),
  },
  {
    vendor: 'Google Chat',
    textField: 'text',
    docsUrl: 'https://developers.google.com/workspace/chat/quickstart/webhooks',
    matches: (url) =>
      /\/v1\/spaces\/[^/]+\/messages\/?$/.test(url.pathname) && url.searchParams.has('key'),
  },
  {
    vendor: 'Mattermost',
    textField: 'text',
    docsUrl: 'https://developers.mattermost.com/integrate/webhooks/incoming/',
    matches: (url) => /\/hooks\/[a-z0-9]{26}\/?$/.test(url.pathname),
  },
];

/** A name that says it is a chat app's incoming webhook, whatever its URL looks like. */
const NAMED_WEBHOOK = /\bincoming[\s-]+web[\s-]?hooks?\b/i;

/**
 * The description of an incoming webhook URL, or undefined when the URL is not one: by its
 * shape for the vendors above, else by an API name that says "incoming webhook" (a `text`
 * message, the field most chat apps take; Discord's name gives `content`).
 */
export function incomingWebhookDescription(
  apiName: string,
  apiUrl: string,
): TApiDescription | undefined {
  const url = URL.canParse(apiUrl) ? new URL(apiUrl) : undefined;
  if (!url || !/^https?:$/.test(url.protocol)) return undefined;
  // By name only for a chat app ("Rocket.Chat incoming webhook"): a source named "GitHub
  // incoming webhooks" is GitHub's API, not a chat channel.
  const named = NAMED_WEBHOOK.test(apiName);
  const kind =
    KINDS.find((k) => k.matches(url)) ??
    (named
      ? KINDS.find((k) => apiName.toLowerCase().includes(k.vendor.toLowerCase()))
      : undefined) ??
    (named && /\bchat\b|\.chat\b/i.test(apiName)
      ? {
          vendor: 'Chat',
          textField: 'text',
          docsUrl: 'https://api.slack.com/messaging/webhooks',
          matches: () => true,
        }
      : undefined);
  if (!kind) return undefined;
  const text = kind.textField;
  const message = {
    type: 'object' as const,
    properties: { [text]: { type: 'string' as const, description: 'The message text.' } },
    required: [text],
  };
  // A URL longer than a description holds is left to the other rules rather than thrown on.
  const parsed = ZApiDescription.safeParse({
    id: 'incoming-webhook',
    name: `${kind.vendor} incoming webhook`,
    aliases: [],
    category: 'chat',
    hosts: [url.hostname],
    baseUrl: apiUrl,
    docsUrl: kind.docsUrl,
    source: { kind: 'reference', url: kind.docsUrl },
    auth: {
      schemes: [{ type: 'none' }],
      keyHelp: 'The webhook URL is the secret: keep it as the base URL; no key is needed.',
    },
    messaging: { operationId: 'postWebhookMessage', textField: text },
    resources: [
      {
        name: 'message',
        plural: 'messages',
        aliases: ['post', 'notification', 'msg'],
        schema: message,
        idField: text,
        example: { [text]: 'Deploy finished' },
        operations: [
          {
            id: 'postWebhookMessage',
            kind: 'send',
            method: 'POST',
            path: '/',
            summary: `Post a message to the ${kind.vendor} channel the webhook was made for`,
            params: [],
            body: { contentType: 'json', schema: message },
          },
        ],
      },
    ],
  });
  return parsed.success ? parsed.data : undefined;
}
