// Slack Web API (https://slack.com/api), the method a bot uses to post: chat.postMessage, with a
// bot token (Authorization: Bearer xoxb-…). From api.slack.com (see `references`):
// - Methods are POST https://slack.com/api/<method>, with a JSON body (Content-Type:
//   application/json) or form-encoded arguments.
// - Every answer is HTTP 200 with {"ok": true, …} or {"ok": false, "error": "<code>"}: a failed
//   call does not get an error status. Codes used here: not_authed, invalid_auth,
//   channel_not_found, not_in_channel, no_text, msg_too_long, invalid_blocks, invalid_arguments.
// - `channel` takes a channel ID (C…) or a name ("#general" or "general"); the answer and the
//   stored message carry the ID. Either `text` or `blocks` (or attachments) is required; when
//   blocks are given, text is the notification fallback.
// - Answer: {ok, channel, ts, message: {type: "message", subtype?, text, user, bot_id, ts, …}}.
// - conversations.list (cursor paging: response_metadata.next_cursor) and auth.test are served
//   too, since a bot often looks a channel up by name first.
// Collection `messages`: each posted message {channel, channel_name, text, blocks?, ts, thread_ts?}.
// The mock handles arbitrary JSON from the code under test: records are loosely typed on purpose.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type {
  MockRequest,
  MockResponse,
  VendorContext,
  VendorInstance,
  VendorMock,
} from '../contract.ts';
import { json } from '../mock-kit.ts';

type Rec = Record<string, any>;

interface SlackSeed {
  channels?: {
    id: string;
    name: string;
    is_member?: boolean;
    is_archived?: boolean;
    is_private?: boolean;
  }[];
  team?: string;
}

function fail(error: string, extra: Rec = {}): MockResponse {
  return json(200, { ok: false, error, ...extra });
}

export const mock: VendorMock = {
  vendor: 'slack',
  references: [
    'https://api.slack.com/methods/chat.postMessage',
    'https://api.slack.com/web#basics',
    'https://api.slack.com/methods/conversations.list',
    'https://api.slack.com/methods/auth.test',
    'https://api.slack.com/reference/surfaces/formatting',
  ],
  unauthorized: () => json(200, { ok: false, error: 'invalid_auth' }),
  create(seedInput: unknown, ctx: VendorContext): VendorInstance {
    const seed = (seedInput ?? {}) as SlackSeed;
    const channels = (seed.channels ?? []).map((c) => ({
      is_member: true,
      is_archived: false,
      is_private: false,
      ...c,
    }));
    const messages: Rec[] = [];
    let counter = 0;

    const args = (req: MockRequest): Rec => {
      const ct = (req.headers['content-type'] ?? '').toLowerCase();
      const fromQuery = Object.fromEntries(req.query.entries());
      if (ct.includes('application/json') && req.body && typeof req.body === 'object')
        return { ...fromQuery, ...(req.body as Rec) };
      if (ct.includes('application/x-www-form-urlencoded')) {
        const form = Object.fromEntries(new URLSearchParams(req.rawBody).entries());
        return { ...fromQuery, ...form };
      }
      if (req.body && typeof req.body === 'object') return { ...fromQuery, ...(req.body as Rec) };
      return fromQuery;
    };

    const findChannel = (ref: string) => {
      const r = ref.trim();
      return channels.find((c) => c.id === r || c.name === r.replace(/^#/, ''));
    };

    return {
      collections: () => ({ messages }),
      handle(req: MockRequest): MockResponse {
        const m = /^\/api\/([a-zA-Z.]+)$/.exec(req.path);
        if (!m)
          return {
            status: 404,
            headers: { 'content-type': 'text/html' },
            body: '<html><body>404 Not Found</body></html>',
          };
        const method = m[1]!;
        const a = args(req);
        if (method === 'auth.test') {
          return json(200, {
            ok: true,
            url: 'https://acme.slack.com/',
            team: seed.team ?? 'Acme',
            user: 'patchbay-bot',
            team_id: 'T0ACME01',
            user_id: 'U0BOT001',
            bot_id: 'B0BOT001',
          });
        }
        if (method === 'conversations.list') {
          const limit = Math.min(Math.max(1, Number(a.limit ?? 100) || 100), 3);
          const start = a.cursor
            ? Number(Buffer.from(String(a.cursor), 'base64').toString().slice(2)) || 0
            : 0;
          const excludeArchived = String(a.exclude_archived ?? 'false') === 'true';
          const types = String(a.types ?? 'public_channel').split(',');
          const list = channels.filter(
            (c) =>
              (!excludeArchived || !c.is_archived) &&
              types.includes(c.is_private ? 'private_channel' : 'public_channel'),
          );
          const pageItems = list.slice(start, start + limit).map((c) => ({
            id: c.id,
            name: c.name,
            is_channel: true,
            is_private: c.is_private,
            is_archived: c.is_archived,
            is_member: c.is_member,
          }));
          const next =
            start + limit < list.length ? Buffer.from(`c:${start + limit}`).toString('base64') : '';
          return json(200, {
            ok: true,
            channels: pageItems,
            response_metadata: { next_cursor: next },
          });
        }
        if (method !== 'chat.postMessage') return fail('unknown_method', { req_method: method });
        if (req.method !== 'POST' && req.method !== 'GET') return fail('invalid_arguments');
        if (typeof a.channel !== 'string' || a.channel.trim() === '')
          return fail('channel_not_found');
        const channel = findChannel(a.channel);
        if (!channel) return fail('channel_not_found');
        if (channel.is_archived) return fail('is_archived');
        if (!channel.is_member) return fail('not_in_channel');
        let blocks: unknown = a.blocks;
        if (typeof blocks === 'string') {
          try {
            blocks = JSON.parse(blocks);
          } catch {
            return fail('invalid_blocks_format');
          }
        }
        if (
          blocks !== undefined &&
          (!Array.isArray(blocks) ||
            blocks.some((b) => !b || typeof b !== 'object' || typeof (b as Rec).type !== 'string'))
        ) {
          return fail('invalid_blocks', {
            errors: ['must provide an array of blocks, each with a type'],
          });
        }
        const text = a.text;
        const hasText = typeof text === 'string' && text.trim() !== '';
        const hasBlocks = Array.isArray(blocks) && blocks.length > 0;
        const hasAttachments =
          a.attachments !== undefined && a.attachments !== null && a.attachments !== '';
        if (!hasText && !hasBlocks && !hasAttachments) return fail('no_text');
        if (text !== undefined && typeof text !== 'string')
          return fail('invalid_arguments', {
            response_metadata: { messages: ['[ERROR] must be a string [json-pointer:/text]'] },
          });
        if (hasText && text.length > 40000) return fail('msg_too_long');
        const seconds = Math.floor(ctx.now().getTime() / 1000);
        const ts = `${seconds}.${String(++counter).padStart(6, '0')}`;
        const record: Rec = {
          channel: channel.id,
          channel_name: channel.name,
          text: hasText ? text : '',
          ts,
        };
        if (hasBlocks) record.blocks = blocks;
        if (a.thread_ts) record.thread_ts = String(a.thread_ts);
        if (a.username) record.username = String(a.username);
        messages.push(record);
        const message: Rec = {
          type: 'message',
          text: record.text,
          user: 'U0BOT001',
          bot_id: 'B0BOT001',
          ts,
          team: 'T0ACME01',
        };
        if (hasBlocks) message.blocks = blocks;
        return json(200, { ok: true, channel: channel.id, ts, message });
      },
    };
  },
};
