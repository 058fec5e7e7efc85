// Twilio's Programmable Messaging API (https://api.twilio.com/2010-04-01), from its public
// reference: POST /2010-04-01/Accounts/{AccountSid}/Messages.json takes form-encoded parameters
// (To, From or MessagingServiceSid, Body or MediaUrl), answers 201 with the Message resource in
// JSON; the same path without `.json` answers XML. Basic auth with the Account SID as the user
// name and the auth token as the password. Errors carry Twilio's numeric code:
// `{"code", "message", "more_info", "status"}` (21604 no To, 21603 no From, 21602 no Body,
// 21211 invalid To, 21606 From not the account's number, 21617 body too long).
import type {
  MockRequest,
  MockResponse,
  VendorContext,
  VendorInstance,
  VendorMock,
} from '../contract.ts';
import { json } from '../mock-kit.ts';

type Rec = Record<string, unknown>;

function twilioError(status: number, code: number, message: string): MockResponse {
  return json(status, {
    code,
    message,
    more_info: `https://www.twilio.com/docs/errors/${code}`,
    status,
  });
}

/** Twilio reads a number with spaces, dashes, dots or brackets as the E.164 number they spell. */
function e164(raw: string): string | undefined {
  const compact = raw.replace(/[\s\-().]/g, '');
  return /^\+[1-9]\d{6,14}$/.test(compact) ? compact : undefined;
}

function rfc2822(d: Date): string {
  return d.toUTCString().replace('GMT', '+0000');
}

function xmlEscape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export const mock: VendorMock = {
  vendor: 'twilio',
  references: [
    'https://www.twilio.com/docs/messaging/api/message-resource',
    'https://www.twilio.com/docs/usage/requests-to-twilio',
    'https://www.twilio.com/docs/usage/api',
    'https://www.twilio.com/docs/errors/21211',
    'https://www.twilio.com/docs/errors/21604',
    'https://www.twilio.com/docs/errors/21606',
    'https://github.com/twilio/twilio-oas',
  ],
  unauthorized: () => twilioError(401, 20003, 'Authenticate'),
  create(seed: unknown, context: VendorContext): VendorInstance {
    const data = (seed ?? {}) as { phone_numbers?: string[]; messages?: Rec[] };
    const accountSid =
      context.auth.type === 'basic' ? context.auth.username : 'AC00000000000000000000000000000000';
    const numbers = new Set((data.phone_numbers ?? []).map((n) => e164(n) ?? n));
    const messages: Rec[] = structuredClone(data.messages ?? []);
    let counter = 1;

    function send(req: MockRequest, asJson: boolean): MockResponse {
      // Twilio reads form parameters only; a JSON body carries none.
      const ct = req.headers['content-type'] ?? '';
      const params: Record<string, string> = {};
      if (!ct.includes('json') && !req.rawBody.trimStart().startsWith('{')) {
        for (const [k, v] of new URLSearchParams(req.rawBody)) params[k] = v;
      }
      const to = params.To;
      if (!to) return twilioError(400, 21604, "A 'To' phone number is required.");
      const toNumber = e164(to);
      if (!toNumber)
        return twilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
      const from = params.From;
      const service = params.MessagingServiceSid;
      if (!from && !service) return twilioError(400, 21603, "A 'From' phone number is required.");
      const fromNumber = from ? e164(from) : undefined;
      if (from && (!fromNumber || !numbers.has(fromNumber))) {
        return twilioError(
          400,
          21606,
          `The From phone number ${from} is not a valid, SMS-capable inbound phone number or short code for your account.`,
        );
      }
      const body = params.Body;
      if ((body === undefined || body === '') && !params.MediaUrl)
        return twilioError(400, 21602, 'Message body is required.');
      if (body && body.length > 1600)
        return twilioError(
          400,
          21617,
          'The concatenated message body exceeds the 1600 character limit.',
        );
      const sid = `SM${(counter++).toString(16).padStart(32, '0')}`;
      const now = rfc2822(context.now());
      const uri = `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`;
      const gsm = /^[\x20-\x7E\n\r]*$/.test(body ?? '');
      const record: Rec = {
        account_sid: accountSid,
        api_version: '2010-04-01',
        body: body ?? '',
        date_created: now,
        date_sent: null,
        date_updated: now,
        direction: 'outbound-api',
        error_code: null,
        error_message: null,
        from: fromNumber ?? null,
        messaging_service_sid: service ?? null,
        num_media: params.MediaUrl ? '1' : '0',
        num_segments: String(Math.max(1, Math.ceil((body ?? '').length / (gsm ? 153 : 67)))),
        price: null,
        price_unit: 'USD',
        sid,
        status: service && !from ? 'accepted' : 'queued',
        subresource_uris: { media: uri.replace(/\.json$/, '/Media.json') },
        to: toNumber,
        uri,
      };
      messages.push(record);
      if (asJson) return json(201, record);
      const xml = `<?xml version='1.0' encoding='UTF-8'?>\n<TwilioResponse><Message><Sid>${sid}</Sid><AccountSid>${accountSid}</AccountSid><From>${xmlEscape(String(record.from ?? ''))}</From><To>${toNumber}</To><Body>${xmlEscape(String(record.body))}</Body><Status>${String(record.status)}</Status><Direction>outbound-api</Direction><ApiVersion>2010-04-01</ApiVersion><Uri>${uri.replace(/\.json$/, '')}</Uri></Message></TwilioResponse>`;
      return { status: 201, headers: { 'content-type': 'application/xml' }, body: xml };
    }

    return {
      collections: () => ({ messages }),
      handle(req: MockRequest): MockResponse {
        const m = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages(\.json)?$/.exec(req.path);
        if (!m) return twilioError(404, 20404, `The requested resource ${req.path} was not found`);
        if (m[1] !== accountSid)
          return twilioError(404, 20404, `The requested resource ${req.path} was not found`);
        const asJson = m[2] === '.json';
        if (req.method === 'POST') return send(req, asJson);
        if (req.method === 'GET') {
          const pageSize = Math.min(Number(req.query.get('PageSize') ?? 50) || 50, 1000);
          const list = messages.slice().reverse();
          return json(200, {
            messages: list.slice(0, pageSize),
            end: Math.min(pageSize, list.length) - 1,
            first_page_uri: `/2010-04-01/Accounts/${accountSid}/Messages.json?PageSize=${pageSize}&Page=0`,
            next_page_uri: null,
            page: 0,
            page_size: pageSize,
            previous_page_uri: null,
            start: 0,
            uri: `/2010-04-01/Accounts/${accountSid}/Messages.json?PageSize=${pageSize}&Page=0`,
          });
        }
        return twilioError(405, 20004, 'Method not allowed');
      },
    };
  },
};
