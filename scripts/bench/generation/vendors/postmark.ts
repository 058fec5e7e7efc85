// Postmark Email API (https://api.postmarkapp.com), from Postmark's public developer reference.
// Modelled: the X-Postmark-Server-Token header (checked by the mock server; 401 ErrorCode 10
// without it); POST /email, POST /email/batch (up to 500), POST /email/withTemplate and
// POST /email/batchWithTemplates; the From address must be a confirmed sender signature or on a
// verified domain (422 ErrorCode 400), To is required (ErrorCode 300), a body (TextBody or
// HtmlBody) is required for non-template mail, at most 50 recipients, templates found by
// TemplateId or TemplateAlias (422 ErrorCode 1101) and rendered with their Mustachio-style
// {{placeholders}} from TemplateModel; the success body {To, SubmittedAt, MessageID, ErrorCode: 0,
// Message: "OK"}; GET /templates and /templates/{id or alias} to look templates up. Each accepted message is stored in `messages` with what was sent and, for
// template mail, the rendered Subject / TextBody / HtmlBody.
import type { MockRequest, MockResponse, VendorMock, VendorContext } from '../contract.ts';
import { json, pathValue } from '../mock-kit.ts';

// Vendor JSON is loosely shaped; the mock reads and writes it field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Rec = Record<string, any>;

interface Seed {
  senderSignatures?: string[];
  verifiedDomains?: string[];
  templates?: {
    TemplateId: number;
    Alias?: string;
    Name?: string;
    Subject: string;
    TextBody?: string;
    HtmlBody?: string;
  }[];
  messages?: Rec[];
}

const EMAIL = /^[^@\s<>,]+@[^@\s<>,]+\.[^@\s<>,]+$/;

/** The bare addresses of a Postmark address list: "a@x.com, Name <b@y.com>". */
function addresses(value: string): string[] | null {
  const parts = value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const out: string[] = [];
  for (const part of parts) {
    const angle = /<([^>]+)>\s*$/.exec(part);
    const address = (angle ? angle[1]! : part).trim();
    if (!EMAIL.test(address)) return null;
    out.push(address.toLowerCase());
  }
  return out;
}

function render(template: string | undefined, model: unknown): string | undefined {
  if (template === undefined) return undefined;
  const scope = (model ?? {}) as Rec;
  // Sections over arrays: {{#each list}}…{{/each}} with {{field}} inside.
  let out = template.replace(
    /\{\{#each\s+([\w.]+)\s*\}\}([\s\S]*?)\{\{\/each\}\}/g,
    (_all, name: string, inner: string) => {
      const list = pathValue(scope, name);
      if (!Array.isArray(list)) return '';
      return list
        .map(
          (item) =>
            render(
              inner,
              typeof item === 'object' ? { ...scope, ...item } : { ...scope, this: item },
            ) ?? '',
        )
        .join('');
    },
  );
  out = out.replace(/\{\{\{?\s*([\w.]+)\s*\}?\}\}/g, (_all, name: string) => {
    const v = pathValue(scope, name);
    return v === undefined || v === null ? '' : String(v);
  });
  return out;
}

export const mock: VendorMock = {
  vendor: 'postmark',
  references: [
    'https://postmarkapp.com/developer/api/overview',
    'https://postmarkapp.com/developer/api/email-api',
    'https://postmarkapp.com/developer/api/templates-api#email-with-template',
    'https://postmarkapp.com/developer/api/overview#error-codes',
    'https://postmarkapp.com/developer/user-guide/send-email-with-api/batch-emails',
  ],
  unauthorized: () =>
    json(401, {
      ErrorCode: 10,
      Message:
        'No Account or Server API tokens were supplied in the HTTP headers. Please add a header for either X-Postmark-Server-Token or X-Postmark-Account-Token.',
    }),
  create(seedRaw: unknown, context: VendorContext) {
    const seed = (seedRaw ?? {}) as Seed;
    const signatures = (seed.senderSignatures ?? []).map((s) => s.toLowerCase());
    const domains = (seed.verifiedDomains ?? []).map((s) => s.toLowerCase());
    const templates = (seed.templates ?? []).map((t) => ({ ...t }));
    const messages: Rec[] = (seed.messages ?? []).map((m) => structuredClone(m));
    let counter = 1;
    const messageId = () =>
      `d${String(counter++).padStart(7, '0')}-4c1e-4f2a-9b7d-${Date.now().toString(16).slice(-12).padStart(12, '0')}`;

    type Outcome = { ok: true; result: Rec } | { ok: false; status: number; body: Rec };
    const fail = (code: number, message: string): Outcome => ({
      ok: false,
      status: 422,
      body: { ErrorCode: code, Message: message },
    });

    function send(raw: unknown, withTemplate: boolean): Outcome {
      if (!raw || typeof raw !== 'object' || Array.isArray(raw))
        return fail(402, 'Received invalid JSON input.');
      const body = raw as Rec;
      if (typeof body.From !== 'string' || body.From.trim() === '')
        return fail(300, "Invalid email request: The 'From' address is required.");
      const from = addresses(body.From);
      if (!from || from.length !== 1) return fail(300, `Invalid 'From' address: '${body.From}'.`);
      const fromDomain = from[0]!.split('@')[1]!;
      if (!signatures.includes(from[0]!) && !domains.includes(fromDomain)) {
        return fail(
          400,
          `The 'From' address you supplied (${body.From}) is not a Sender Signature on your account. Please add and confirm this address in order to be able to use it in the 'From' field of your messages.`,
        );
      }
      if (typeof body.To !== 'string' || body.To.trim() === '')
        return fail(300, 'Invalid email request: Zero recipients specified');
      let count = 0;
      for (const field of ['To', 'Cc', 'Bcc'] as const) {
        if (body[field] === undefined || body[field] === null || body[field] === '') continue;
        if (typeof body[field] !== 'string')
          return fail(
            300,
            `Invalid email request: '${field}' must be a comma-separated string of addresses.`,
          );
        const list = addresses(body[field]);
        if (!list)
          return fail(
            300,
            `Error parsing '${field}': Illegal email address '${body[field]}'. It must contain the '@' symbol.`,
          );
        count += list.length;
      }
      if (count > 50) return fail(300, 'Invalid email request: Maximum of 50 recipients allowed.');
      const stored: Rec = {
        MessageID: messageId(),
        SubmittedAt: context.now().toISOString(),
        From: body.From,
        To: body.To,
        Cc: body.Cc ?? null,
        Bcc: body.Bcc ?? null,
        ReplyTo: body.ReplyTo ?? null,
        Tag: body.Tag ?? null,
        MessageStream: body.MessageStream ?? 'outbound',
        Metadata: body.Metadata ?? null,
        Headers: body.Headers ?? null,
      };
      if (withTemplate) {
        const template =
          body.TemplateId !== undefined
            ? templates.find((t) => t.TemplateId === Number(body.TemplateId))
            : templates.find((t) => t.Alias !== undefined && t.Alias === body.TemplateAlias);
        if (!template)
          return fail(
            1101,
            "The Template's 'TemplateId' associated with this request is not valid or was not found.",
          );
        if (
          body.TemplateModel !== undefined &&
          (typeof body.TemplateModel !== 'object' ||
            body.TemplateModel === null ||
            Array.isArray(body.TemplateModel))
        ) {
          return fail(1109, 'The TemplateModel must be a JSON object.');
        }
        stored.TemplateId = template.TemplateId;
        stored.TemplateAlias = template.Alias ?? null;
        stored.TemplateModel = body.TemplateModel ?? {};
        stored.Subject = render(template.Subject, body.TemplateModel) ?? '';
        stored.TextBody = render(template.TextBody, body.TemplateModel) ?? null;
        stored.HtmlBody = render(template.HtmlBody, body.TemplateModel) ?? null;
      } else {
        const hasText = typeof body.TextBody === 'string' && body.TextBody !== '';
        const hasHtml = typeof body.HtmlBody === 'string' && body.HtmlBody !== '';
        if (!hasText && !hasHtml)
          return fail(
            300,
            'Invalid email request: Provide either email TextBody or HtmlBody or both.',
          );
        stored.Subject = typeof body.Subject === 'string' ? body.Subject : '';
        stored.TextBody = hasText ? body.TextBody : null;
        stored.HtmlBody = hasHtml ? body.HtmlBody : null;
      }
      messages.push(stored);
      return {
        ok: true,
        result: {
          To: body.To,
          SubmittedAt: stored.SubmittedAt,
          MessageID: stored.MessageID,
          ErrorCode: 0,
          Message: 'OK',
        },
      };
    }

    function handle(request: MockRequest): MockResponse {
      const path = request.path.replace(/\/+$/, '').toLowerCase();
      const shown = (t: (typeof templates)[number]) => ({
        Active: true,
        TemplateId: t.TemplateId,
        Name: t.Name ?? t.Alias ?? String(t.TemplateId),
        Alias: t.Alias ?? null,
        TemplateType: 'Standard',
        LayoutTemplate: null,
      });
      if (request.method === 'GET' && path === '/templates') {
        return json(200, { TotalCount: templates.length, Templates: templates.map(shown) });
      }
      const one = /^\/templates\/([^/]+)$/.exec(path);
      if (request.method === 'GET' && one) {
        const t = templates.find(
          (x) => String(x.TemplateId) === one[1] || x.Alias?.toLowerCase() === one[1],
        );
        if (!t)
          return json(422, {
            ErrorCode: 1101,
            Message:
              "The Template's 'TemplateId' associated with this request is not valid or was not found.",
          });
        return json(200, {
          ...shown(t),
          Subject: t.Subject,
          TextBody: t.TextBody ?? null,
          HtmlBody: t.HtmlBody ?? null,
          AssociatedServerId: 1,
        });
      }
      if (request.method !== 'POST')
        return json(405, { ErrorCode: 405, Message: 'Method not allowed.' });
      if (request.body === undefined)
        return json(422, { ErrorCode: 402, Message: 'Received invalid JSON input.' });
      if (path === '/email' || path === '/email/withtemplate') {
        const outcome = send(request.body, path === '/email/withtemplate');
        return outcome.ok ? json(200, outcome.result) : json(outcome.status, outcome.body);
      }
      if (path === '/email/batch' || path === '/email/batchwithtemplates') {
        const withTemplate = path === '/email/batchwithtemplates';
        const list = withTemplate ? (request.body as Rec)?.Messages : request.body;
        if (!Array.isArray(list))
          return json(422, {
            ErrorCode: 402,
            Message: withTemplate
              ? "Received invalid JSON input: expected an object with a 'Messages' array."
              : 'Received invalid JSON input: expected an array of messages.',
          });
        if (list.length > 500)
          return json(422, {
            ErrorCode: 300,
            Message: 'Invalid email request: a batch may hold at most 500 messages.',
          });
        const results = list.map((m) => {
          const outcome = send(m, withTemplate);
          return outcome.ok
            ? outcome.result
            : { ErrorCode: outcome.body.ErrorCode, Message: outcome.body.Message };
        });
        return json(200, results);
      }
      return json(404, { ErrorCode: 404, Message: 'Not found.' });
    }

    return { handle, collections: () => ({ messages, templates: templates as Rec[] }) };
  },
};
