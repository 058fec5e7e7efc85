// Twilio SendGrid v3 Mail Send (POST /v3/mail/send) under https://api.sendgrid.com, as the public
// reference describes it. Bearer API key. A request needs `personalizations` (1–1000, each with
// at least one `to`), a `from.email` that is a verified sender identity (403 otherwise), a
// `subject` (top level or per personalization) unless a `template_id` is given, and `content`
// (type + non-empty value) unless a template is used; content types are text/plain first, then
// text/html. Success is 202 with an empty body and an X-Message-Id header. Errors are
// `{errors: [{message, field, help}]}`.
// Each personalization is one email; the mock keeps one record per personalization in `messages`:
// {id, to (first recipient), toAll, cc, bcc, from, fromName, replyTo, subject, text, html,
// templateId, dynamicTemplateData, categories, sendAt}.
import type {
  MockRequest,
  MockResponse,
  VendorContext,
  VendorInstance,
  VendorMock,
} from '../contract.ts';
import { json } from '../mock-kit.ts';

type Rec = Record<string, unknown>;

const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

function errors(
  status: number,
  list: Array<{ message: string; field?: string | null; help?: string | null }>,
): MockResponse {
  return json(status, {
    errors: list.map((e) => ({ message: e.message, field: e.field ?? null, help: e.help ?? null })),
  });
}

function addresses(
  value: unknown,
  field: string,
  problems: Array<{ message: string; field: string; help: string }>,
): Rec[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    problems.push({
      message: 'Invalid type. Expected: array, given: ' + typeof value + '.',
      field,
      help: 'http://sendgrid.com/docs/API_Reference/Web_API_v3/Mail/errors.html#message.personalizations',
    });
    return [];
  }
  const out: Rec[] = [];
  for (const [i, entry] of value.entries()) {
    const email = entry && typeof entry === 'object' ? (entry as Rec).email : undefined;
    if (typeof email !== 'string' || !EMAIL.test(email)) {
      problems.push({
        message: 'Does not contain a valid address.',
        field: `${field}.${i}.email`,
        help: 'http://sendgrid.com/docs/API_Reference/Web_API_v3/Mail/errors.html#message.personalizations.to',
      });
      continue;
    }
    out.push(entry as Rec);
  }
  return out;
}

export const mock: VendorMock = {
  vendor: 'sendgrid',
  references: [
    'https://www.twilio.com/docs/sendgrid/api-reference/mail-send/mail-send',
    'https://www.twilio.com/docs/sendgrid/api-reference/how-to-use-the-sendgrid-v3-api/authentication',
    'https://www.twilio.com/docs/sendgrid/for-developers/sending-email/sender-identity',
    'https://www.twilio.com/docs/sendgrid/api-reference/mail-send/errors',
  ],
  unauthorized: () =>
    errors(401, [
      {
        message: 'The provided authorization grant is invalid, expired, or revoked',
        field: null,
        help: null,
      },
    ]),
  create(seed: unknown, context: VendorContext): VendorInstance {
    const data = (seed ?? {}) as { verifiedSenders?: string[]; messages?: Rec[] };
    const verified = (data.verifiedSenders ?? []).map((s) => s.toLowerCase());
    const store: { messages: Rec[] } = { messages: data.messages ?? [] };
    let counter = 1;

    function send(request: MockRequest): MockResponse {
      const body = request.body as Rec | undefined;
      if (!body || typeof body !== 'object' || Array.isArray(body)) {
        return errors(400, [{ message: 'Bad Request', field: null, help: null }]);
      }
      const problems: Array<{ message: string; field: string; help: string }> = [];
      const help = (anchor: string) =>
        `http://sendgrid.com/docs/API_Reference/Web_API_v3/Mail/errors.html#message.${anchor}`;
      const from = body.from as Rec | undefined;
      if (!from || typeof from !== 'object' || typeof from.email !== 'string' || !from.email) {
        problems.push({
          message:
            'The from object must be provided for every email send. It is an object that requires the email parameter, but may also contain a name parameter.  e.g. {"email" : "example@example.com"}  or {"email" : "example@example.com", "name" : "Example Recipient"}.',
          field: 'from.email',
          help: help('from'),
        });
      } else if (!EMAIL.test(from.email)) {
        problems.push({
          message: 'The from email does not contain a valid address.',
          field: 'from.email',
          help: help('from'),
        });
      }
      const personalizations = body.personalizations;
      const templateId = typeof body.template_id === 'string' ? body.template_id : null;
      if (!Array.isArray(personalizations) || personalizations.length === 0) {
        problems.push({
          message:
            'The personalizations field is required and must have at least one personalization.',
          field: 'personalizations',
          help: help('personalizations'),
        });
      } else if (personalizations.length > 1000) {
        problems.push({
          message: 'The personalizations field can have at most 1000 personalizations.',
          field: 'personalizations',
          help: help('personalizations'),
        });
      }
      const content = body.content;
      let text: string | null = null;
      let html: string | null = null;
      if (content !== undefined) {
        if (!Array.isArray(content) || content.length === 0) {
          problems.push({
            message: 'The content field must be an array with at least one object.',
            field: 'content',
            help: help('content'),
          });
        } else {
          for (const [i, part] of (content as Rec[]).entries()) {
            if (!part || typeof part.type !== 'string' || !part.type) {
              problems.push({
                message: 'The content type must be provided.',
                field: `content.${i}.type`,
                help: help('content.type'),
              });
              continue;
            }
            if (typeof part.value !== 'string' || part.value === '') {
              problems.push({
                message: 'The content value must be a string at least one character in length.',
                field: `content.${i}.value`,
                help: help('content.value'),
              });
              continue;
            }
            if (part.type === 'text/plain') text = part.value;
            else if (part.type === 'text/html') html = part.value;
          }
          const types = (content as Rec[]).map((p) => p?.type);
          if (
            types.includes('text/html') &&
            types.includes('text/plain') &&
            types.indexOf('text/plain') > types.indexOf('text/html')
          ) {
            problems.push({
              message:
                'If present, text/plain must be first, followed by text/html, followed by any other content.',
              field: 'content',
              help: help('content.type'),
            });
          }
        }
      } else if (!templateId) {
        problems.push({
          message:
            'Unless a valid template_id is provided, the content parameter is required. There must be at least one defined content block. We typically suggest both text/plain and text/html blocks are included, but only one block is required.',
          field: 'content',
          help: help('content'),
        });
      }
      const records: Rec[] = [];
      if (Array.isArray(personalizations)) {
        for (const [i, p] of (personalizations as Rec[]).entries()) {
          const to = addresses(p?.to, `personalizations.${i}.to`, problems);
          if (!Array.isArray(p?.to) || (p.to as unknown[]).length === 0) {
            problems.push({
              message:
                'The to array is required for all personalization objects, and must have at least one email object with a valid email address.',
              field: `personalizations.${i}.to`,
              help: help('personalizations.to'),
            });
          }
          const cc = addresses(p?.cc, `personalizations.${i}.cc`, problems);
          const bcc = addresses(p?.bcc, `personalizations.${i}.bcc`, problems);
          const subject =
            typeof p?.subject === 'string'
              ? p.subject
              : typeof body.subject === 'string'
                ? body.subject
                : null;
          if (!templateId && (subject === null || subject === '')) {
            problems.push({
              message:
                'The subject is required. You can get around this requirement if you use a template with a subject defined or if every personalization has a subject defined.',
              field: 'subject',
              help: help('subject'),
            });
          }
          records.push({
            to: typeof to[0]?.email === 'string' ? (to[0].email as string) : null,
            toAll: to.map((t) => t.email),
            cc: cc.map((t) => t.email),
            bcc: bcc.map((t) => t.email),
            subject,
            dynamicTemplateData: p?.dynamic_template_data ?? null,
          });
        }
      }
      if (problems.length) return errors(400, problems);
      const fromEmail = (from as Rec).email as string;
      if (verified.length && !verified.includes(fromEmail.toLowerCase())) {
        return errors(403, [
          {
            message:
              'The from address does not match a verified Sender Identity. Mail cannot be sent until this error is resolved. Visit https://sendgrid.com/docs/for-developers/sending-email/sender-identity/ to see the Sender Identity requirements',
            field: 'from',
            help: null,
          },
        ]);
      }
      const messageId = `bGs${String(counter++).padStart(6, '0')}Q1aZ-sg`;
      const replyTo =
        body.reply_to && typeof body.reply_to === 'object' ? (body.reply_to as Rec).email : null;
      for (const [i, r] of records.entries()) {
        store.messages.push({
          id: `${messageId}.${i}`,
          ...r,
          from: fromEmail,
          fromName: typeof (from as Rec).name === 'string' ? (from as Rec).name : null,
          replyTo: replyTo ?? null,
          text,
          html,
          templateId,
          categories: Array.isArray(body.categories) ? body.categories : [],
          sendAt: typeof body.send_at === 'number' ? body.send_at : null,
          receivedAt: context.now().toISOString(),
        });
      }
      return { status: 202, headers: { 'x-message-id': messageId }, body: '' };
    }

    return {
      collections: () => store,
      handle(request: MockRequest): MockResponse {
        if (request.path === '/v3/mail/send') {
          if (request.method !== 'POST') return errors(405, [{ message: 'Method Not Allowed' }]);
          return send(request);
        }
        return errors(404, [{ message: 'resource not found' }]);
      },
    };
  },
};
