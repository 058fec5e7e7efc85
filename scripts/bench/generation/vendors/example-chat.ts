// An example chat API, the harness's own (not a real vendor): channels and messages, posted
// with chat.postMessage to a channel given by id or by name.
import type { MockResponse, VendorInstance, VendorMock } from '../contract.ts';
import { idSequence, json } from '../mock-kit.ts';

interface Channel {
  id: string;
  name: string;
}

interface Message {
  ts: string;
  channel: string;
  text: string;
}

function create(seed: unknown): VendorInstance {
  const data = seed as { channels?: Channel[]; messages?: Message[] };
  const channels = (data.channels ?? []).map((c) => ({ ...c }));
  const messages = (data.messages ?? []).map((m) => ({ ...m }));
  const nextTs = idSequence('m');
  return {
    collections: () => ({
      channels: channels as unknown as Record<string, unknown>[],
      messages: messages as unknown as Record<string, unknown>[],
    }),
    handle(request): MockResponse {
      if (request.method === 'GET' && request.path === '/api/conversations.list') {
        return json(200, { ok: true, channels });
      }
      if (request.method === 'POST' && request.path === '/api/chat.postMessage') {
        const body = (request.body ?? {}) as { channel?: unknown; text?: unknown };
        const wanted = typeof body.channel === 'string' ? body.channel.replace(/^#/, '') : '';
        const channel = channels.find((c) => c.id === wanted || c.name === wanted);
        if (!channel) return json(400, { ok: false, error: 'channel_not_found' });
        if (typeof body.text !== 'string' || body.text === '')
          return json(400, { ok: false, error: 'no_text' });
        const message = { ts: nextTs(), channel: channel.id, text: body.text };
        messages.push(message);
        return json(200, { ok: true, channel: channel.id, ts: message.ts, message });
      }
      return json(404, { ok: false, error: 'unknown_method' });
    },
  };
}

export const mock: VendorMock = {
  vendor: 'example-chat',
  references: ['(none: an example API for trying the harness)'],
  create,
  unauthorized: () => json(401, { ok: false, error: 'invalid_auth' }),
};
