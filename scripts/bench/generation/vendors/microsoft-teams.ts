// A Microsoft Teams channel's Incoming Webhook (https://<tenant>.webhook.office.com/webhookb2/…),
// from Microsoft's public "Create and send messages" and connector card references. Modelled: no
// credential (the URL is the secret), POST of a JSON payload to the webhook URL itself (with or
// without a trailing slash): a connector MessageCard ({"@type": "MessageCard", summary, title,
// text, sections [{activityTitle, activitySubtitle, text, facts [{name, value}]}]}), the simple
// {"text": "…"} form, or an Adaptive Card wrapped as {"type": "message", "attachments":
// [{"contentType": "application/vnd.microsoft.card.adaptive", "content": {type: "AdaptiveCard",
// body: [TextBlock, FactSet, Container, ColumnSet…]}}]}; the answer is 200 with the plain-text
// body "1"; a MessageCard without text or summary is refused with 400 "Summary or Text is
// required.", anything else unreadable with 400 "Bad payload received by generic incoming
// webhook."; other paths answer 404.
//
// Each accepted post is stored in `messages` as {channel, kind, title, summary, text, allText,
// payload}: `text` is the card's main text (MessageCard `text`; for an Adaptive Card its
// TextBlocks joined by "\n"), `allText` every visible string in reading order joined by "\n"
// (title, text, sections, facts as "name: value", TextBlocks, FactSets), so checks can compare
// what the channel shows whatever card shape the code chose.
import type { MockRequest, MockResponse, VendorMock, VendorContext } from '../contract.ts';

// Vendor JSON is loosely shaped; the mock reads and writes it field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Rec = Record<string, any>;

const text = (status: number, body: string): MockResponse => ({
  status,
  body,
  headers: { 'content-type': 'text/plain; charset=utf-8' },
});

function adaptiveText(element: unknown, out: string[], blocks: string[]): void {
  if (!element || typeof element !== 'object') return;
  const e = element as Rec;
  if (Array.isArray(element)) {
    for (const x of element) adaptiveText(x, out, blocks);
    return;
  }
  switch (e.type) {
    case 'TextBlock':
      if (typeof e.text === 'string') {
        out.push(e.text);
        blocks.push(e.text);
      }
      return;
    case 'RichTextBlock':
      if (Array.isArray(e.inlines)) {
        const line = e.inlines
          .map((i: Rec) => (typeof i === 'string' ? i : (i?.text ?? '')))
          .join('');
        out.push(line);
        blocks.push(line);
      }
      return;
    case 'FactSet':
      for (const f of e.facts ?? []) out.push(`${f.title}: ${f.value}`);
      return;
    default:
      for (const key of ['body', 'items', 'columns', 'rows', 'cells'])
        if (Array.isArray(e[key])) adaptiveText(e[key], out, blocks);
  }
}

export const mock: VendorMock = {
  vendor: 'microsoft-teams',
  references: [
    'https://learn.microsoft.com/en-us/microsoftteams/platform/webhooks-and-connectors/how-to/add-incoming-webhook',
    'https://learn.microsoft.com/en-us/microsoftteams/platform/webhooks-and-connectors/how-to/connectors-using',
    'https://learn.microsoft.com/en-us/microsoftteams/platform/task-modules-and-cards/cards/cards-reference#connector-card-for-microsoft-365-groups',
    'https://learn.microsoft.com/en-us/outlook/actionable-messages/message-card-reference',
    'https://adaptivecards.io/explorer/',
  ],
  create(seedRaw: unknown, context: VendorContext) {
    const seed = (seedRaw ?? {}) as { webhookPath: string; channel?: string; messages?: Rec[] };
    const webhookPath = seed.webhookPath.replace(/\/+$/, '');
    const channel = seed.channel ?? 'General';
    const messages = (seed.messages ?? []).map((m) => structuredClone(m));

    function handle(request: MockRequest): MockResponse {
      const path = request.path.replace(/\/+$/, '');
      if (path !== webhookPath) return text(404, 'Webhook not found.');
      if (request.method !== 'POST') return text(405, 'Method not allowed.');
      const body = request.body;
      if (!body || typeof body !== 'object' || Array.isArray(body))
        return text(400, 'Bad payload received by generic incoming webhook.');
      const b = body as Rec;
      const all: string[] = [];
      let record: Rec;
      if (b.type === 'message' && Array.isArray(b.attachments)) {
        const card = b.attachments.find(
          (a: Rec) => a?.contentType === 'application/vnd.microsoft.card.adaptive',
        )?.content;
        if (!card || card.type !== 'AdaptiveCard' || !Array.isArray(card.body))
          return text(400, 'Bad payload received by generic incoming webhook.');
        const blocks: string[] = [];
        adaptiveText(card.body, all, blocks);
        record = { kind: 'AdaptiveCard', title: null, summary: null, text: blocks.join('\n') };
      } else if (b.type === 'AdaptiveCard') {
        return text(400, 'Bad payload received by generic incoming webhook.');
      } else {
        if (b['@type'] !== undefined && b['@type'] !== 'MessageCard')
          return text(400, 'Bad payload received by generic incoming webhook.');
        const hasText = typeof b.text === 'string' && b.text.trim() !== '';
        const hasSummary = typeof b.summary === 'string' && b.summary.trim() !== '';
        if (!hasText && !hasSummary) return text(400, 'Summary or Text is required.');
        if (typeof b.title === 'string') all.push(b.title);
        if (hasText) all.push(b.text);
        for (const s of Array.isArray(b.sections) ? b.sections : []) {
          for (const key of ['activityTitle', 'activitySubtitle', 'activityText', 'title', 'text'])
            if (typeof s?.[key] === 'string') all.push(s[key]);
          for (const f of Array.isArray(s?.facts) ? s.facts : []) all.push(`${f.name}: ${f.value}`);
        }
        record = {
          kind: 'MessageCard',
          title: typeof b.title === 'string' ? b.title : null,
          summary: hasSummary ? b.summary : null,
          text: hasText ? b.text : null,
        };
      }
      messages.push({
        channel,
        ...record,
        allText: all.join('\n'),
        receivedAt: context.now().toISOString(),
        payload: structuredClone(b),
      });
      return text(200, '1');
    }

    return { handle, collections: () => ({ messages }) };
  },
};
