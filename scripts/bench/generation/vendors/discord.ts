// Discord's incoming webhooks (https://discord.com/api, optionally versioned /api/v10), from its
// public reference: POST /webhooks/{webhook.id}/{webhook.token} executes the webhook with a JSON
// body (`content` up to 2000 characters, `username`, `avatar_url`, `embeds`, `allowed_mentions`)
// or multipart/form `payload_json`. No Authorization header: the token in the path is the secret.
// It answers 204 with no body, or 200 with the message object when `?wait=true`. Errors:
// `{"message", "code"}` (10015 Unknown Webhook, 50027 Invalid Webhook Token, 50006 Cannot send
// an empty message, 50035 Invalid Form Body with per-field `errors`).
import type {
  MockRequest,
  MockResponse,
  VendorContext,
  VendorInstance,
  VendorMock,
} from '../contract.ts';
import { json } from '../mock-kit.ts';

type Rec = Record<string, unknown>;

function formError(field: string, code: string, message: string): MockResponse {
  return json(400, {
    message: 'Invalid Form Body',
    code: 50035,
    errors: { [field]: { _errors: [{ code, message }] } },
  });
}

export const mock: VendorMock = {
  vendor: 'discord',
  references: [
    'https://discord.com/developers/docs/resources/webhook#execute-webhook',
    'https://discord.com/developers/docs/reference#api-versioning',
    'https://discord.com/developers/docs/topics/opcodes-and-status-codes#json',
    'https://discord.com/developers/docs/resources/message#message-object',
  ],
  create(seed: unknown, context: VendorContext): VendorInstance {
    const data = (seed ?? {}) as { webhooks?: Rec[]; messages?: Rec[] };
    const webhooks: Rec[] = structuredClone(data.webhooks ?? []);
    const messages: Rec[] = structuredClone(data.messages ?? []);
    let snowflake = 1312000000000000000n;

    function execute(req: MockRequest, hook: Rec): MockResponse {
      let body: unknown = req.body;
      const ct = (req.headers['content-type'] ?? '').toLowerCase();
      if (ct.includes('multipart/form-data')) {
        const m = /name="payload_json"\r?\n(?:[^\r\n]*\r?\n)*?\r?\n([\s\S]*?)\r?\n--/.exec(
          req.rawBody,
        );
        body = m ? JSON.parse(m[1]!) : undefined;
      } else if (!ct.includes('json')) {
        // Discord reads a form body too (content=…); anything else is no message at all.
        body = body && typeof body === 'object' ? body : undefined;
      }
      if (!body || typeof body !== 'object' || Array.isArray(body)) {
        return json(400, { message: 'Cannot send an empty message', code: 50006 });
      }
      const msg = body as Rec;
      if (msg.content !== undefined && msg.content !== null && typeof msg.content !== 'string') {
        return formError('content', 'STRING_TYPE_CONVERT', 'Could not interpret value as string.');
      }
      const content = (msg.content as string | undefined) ?? '';
      if (content.length > 2000)
        return formError('content', 'BASE_TYPE_MAX_LENGTH', 'Must be 2000 or fewer in length.');
      const embeds = msg.embeds;
      if (embeds !== undefined && embeds !== null && !Array.isArray(embeds)) {
        return formError(
          'embeds',
          'LIST_TYPE_CONVERT',
          'Only iterables may be used in a ListType.',
        );
      }
      if (Array.isArray(embeds) && embeds.length > 10)
        return formError('embeds', 'BASE_TYPE_MAX_LENGTH', 'Must be 10 or fewer in length.');
      if (
        content.trim() === '' &&
        !(Array.isArray(embeds) && embeds.length > 0) &&
        !msg.components &&
        !msg.poll
      ) {
        return json(400, { message: 'Cannot send an empty message', code: 50006 });
      }
      if (
        msg.username !== undefined &&
        typeof msg.username === 'string' &&
        /discord|clyde/i.test(msg.username)
      ) {
        return formError(
          'username',
          'USERNAME_INVALID_CONTAINS',
          'Username cannot contain "discord"',
        );
      }
      const id = String(snowflake++);
      const record: Rec = {
        id,
        type: 0,
        content,
        channel_id: hook.channel_id,
        author: {
          id: hook.id,
          username: (msg.username as string | undefined) ?? hook.name ?? 'Captain Hook',
          avatar: null,
          discriminator: '0000',
          bot: true,
        },
        attachments: [],
        embeds: Array.isArray(embeds) ? embeds : [],
        mentions: [],
        mention_roles: [],
        pinned: false,
        mention_everyone: /@everyone|@here/.test(content),
        tts: msg.tts === true,
        timestamp: context.now().toISOString().replace('Z', '+00:00'),
        edited_timestamp: null,
        flags: 0,
        components: [],
        webhook_id: hook.id,
        ...(msg.username !== undefined ? { username: msg.username } : {}),
        ...(msg.avatar_url !== undefined ? { avatar_url: msg.avatar_url } : {}),
      };
      messages.push(record);
      if (req.query.get('wait') === 'true' || req.query.get('wait') === '1')
        return json(200, record);
      return { status: 204 };
    }

    return {
      collections: () => ({ messages, webhooks }),
      handle(req: MockRequest): MockResponse {
        const m = /^\/api(?:\/v(\d+))?\/webhooks\/([^/]+)\/([^/]+)\/?$/.exec(req.path);
        if (!m) return json(404, { message: '404: Not Found', code: 0 });
        if (m[1] && !['9', '10'].includes(m[1]))
          return json(400, { message: 'Invalid API version', code: 50041 });
        const hook = webhooks.find((w) => String(w.id) === m[2]);
        if (!hook) return json(404, { message: 'Unknown Webhook', code: 10015 });
        if (hook.token !== m[3])
          return json(401, { message: 'Invalid Webhook Token', code: 50027 });
        if (req.method === 'POST') return execute(req, hook);
        if (req.method === 'GET') {
          return json(200, {
            application_id: null,
            avatar: null,
            channel_id: hook.channel_id,
            guild_id: hook.guild_id ?? null,
            id: hook.id,
            name: hook.name,
            type: 1,
            token: hook.token,
          });
        }
        return json(405, { message: '405: Method Not Allowed', code: 0 });
      },
    };
  },
};
