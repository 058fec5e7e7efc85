import type { TApiDescription, TFieldSchema, TOperation, TResource } from '@patchbay/schema';
import { leaves } from './field-match.ts';
import type { GroundedPlan, ReadPlan, WritePlan } from './plan-types.ts';
import { capitalise, escapeRegExp } from './text.ts';
import { listedMessage, readTemplates } from './templates.ts';
import { emptyDigestText } from './empty-digest.ts';
import {
  channelFromPrompt,
  hintsFor,
  idFromPrompt,
  paramValue,
  pathParamsFromUrl,
  phoneFromPrompt,
  useLookup,
} from './prompt-ids.ts';
import { requiredHeaders, requiredParams } from './choose-operations.ts';
import { noteTemplate } from './plan-write.ts';
import { fixedValues } from './fixed-values.ts';
import { addressedValues, addressesFor, roleOfField } from './addressed-values.ts';
import {
  itemSiblingRules,
  leadsToSubject,
  messageTitle,
  recipientFromRecord,
  subjectField,
  writtenBody,
  writtenSubject,
} from './message-fields.ts';

// A destination that takes a text message (chat, email, SMS; the description's `messaging`):
// one message per record, or one for the whole run when the prompt asks for a digest. The
// channel is a #name, an address the prompt gives, or each record's own address; the other
// fields the prompt fills (sender, subject, copies) go out with every message.

type Messaging = NonNullable<TApiDescription['messaging']>;

/**
 * "a daily digest", "ONE email listing them", "a single Teams message", "a weekly recap": one message
 * for the run. "one email per customer" or "one text each" is one per record.
 */
const SUMMARY =
  /\b(?:summary|digest|round-?up|recap|rundown|a list of|(?:one|a single|single)\s+(?:[a-z][\w.-]*\s+){0,2}?(?:e-?mail|message|text|sms|post|note|report|update)\b(?!\s+(?:per|each|for each|for every|to each|a\b|an\b)))/;

export function planMessage(
  text: string,
  description: TApiDescription,
  messaging: Messaging,
  operation: TOperation,
  plan: GroundedPlan,
  block: (message: string) => void,
): WritePlan {
  const lower = text.toLowerCase();
  const resource = description.resources.find((r) => r.operations.includes(operation)) as TResource;
  const bodyLeaves = leaves(operation.body?.schema, 3);
  const schemaOf = (path: string): TFieldSchema =>
    bodyLeaves.find((l) => l.path === path)?.schema ?? { type: 'string' };
  const channelField = messaging.channelField;
  const channelSchema = channelField ? schemaOf(channelField) : undefined;
  // A channel that is a phone number (Twilio's `To`): "text me at +1…", not a #channel.
  const phoneChannel =
    channelSchema?.format === 'phone' || /phone|e\.164/i.test(channelSchema?.description ?? '');
  const summary = SUMMARY.test(lower);

  // Addresses the prompt gives by role ("to +44…", "from ops@…") fill the channel and the
  // sender fields; a channel named otherwise is a #name or a number after "text"/"call".
  const addressed = addressedValues(text);
  const channelAddresses = channelField
    ? addressesFor(
        { path: channelField, schema: channelSchema ?? { type: 'string' }, depth: 0 },
        addressed,
      )
    : [];
  const fixed: Record<string, string> = {};
  // "from our number +1…" is the sender's, never where the message goes.
  const notSender = (value: string | undefined) =>
    addressed.some((a) => a.role !== 'recipient' && a.value === value) ? undefined : value;
  // One text goes to one number: several would be one failed send, not several texts.
  if (phoneChannel && channelAddresses.length > 1)
    block(
      `one ${description.name} message goes to one number, and the prompt gives ${channelAddresses.length} (${channelAddresses.join(', ')})`,
    );
  // An address inside an array of objects (`to.0.email`) takes one each; a text field all.
  const itemChannel = channelField && /\.0\.[^.]+$/.test(channelField);
  if (itemChannel)
    channelAddresses.slice(1).forEach((address, i) => {
      fixed[(channelField as string).replace(/\.0\.([^.]+)$/, `.${i + 1}.$1`)] = address;
    });
  let channel =
    (itemChannel ? channelAddresses[0] : channelAddresses.join(', ') || undefined) ??
    (channelField && roleOfField(channelField) === 'recipient' && !phoneChannel
      ? undefined
      : phoneChannel
        ? notSender(phoneFromPrompt(text))
        : channelFromPrompt(text));
  // "a welcome note to each new customer": the record's own address, filled per message.
  if (!channel && channelField && !summary && plan.source) {
    const own = recipientFromRecord(
      text,
      { path: channelField, schema: channelSchema ?? { type: 'string' }, depth: 0 },
      plan.source.resource,
      leaves(plan.source.resource.schema),
    );
    if (own) {
      channel = `{${own.path}}`;
      plan.assumptions.push(
        `Each message goes to the ${plan.source.resource.name}'s ${own.path}${own.said ? ` ("${own.said}")` : ': the prompt gives no address'}.`,
      );
    }
  }

  // The sender, copies and reply-to the prompt gives, and quoted values after a field's name
  // ("the subject "Weekly numbers"").
  const others = bodyLeaves.filter(
    (l) =>
      l.path !== channelField &&
      l.path !== messaging.textField &&
      l.schema.type !== 'object' &&
      l.schema.type !== 'array',
  );
  for (const leaf of others) {
    const value =
      addressesFor(leaf, addressed).join(', ') ||
      (leaf.schema.format === 'phone'
        ? phoneFromPrompt(text, escapeRegExp(leaf.path.toLowerCase()))
        : undefined);
    if (value && value !== channel) fixed[leaf.path] = value;
  }
  for (const { target, value } of fixedValues(text, others))
    if (!fixed[target.path]) fixed[target.path] = value;
  // Required fields beside the text in its array item (SendGrid's `content.0.type`).
  const written = [messaging.textField, ...Object.keys(fixed)].map((to) => ({
    to,
    type: 'string' as const,
    reason: '',
  }));
  const siblings = itemSiblingRules(text, operation.body?.schema, written);
  for (const rule of siblings.rules) fixed[rule.to] = String(rule.value);
  plan.assumptions.push(...siblings.assumed);

  const pathParams: Record<string, string> = {};
  const channelInPath = operation.params.some((p) => p.in === 'path' && p.name === channelField);
  // A URL in the prompt that is this operation's path (a Discord or Slack webhook URL) gives
  // its path parameters (webhook id and token).
  const fromUrl = pathParamsFromUrl(text, operation.path);
  if (Object.keys(fromUrl).length > 0)
    plan.understood.push(
      `The URL in the prompt is ${operation.method} ${operation.path}: ${Object.keys(fromUrl).join(', ')} taken from it.`,
    );
  for (const name of requiredParams(operation, 'path')) {
    const value =
      fromUrl[name] ??
      (name === channelField
        ? (idFromPrompt(text, ['channel']) ?? undefined)
        : paramValue(text, name, operation.path, description));
    if (value) pathParams[name] = value;
    else if (useLookup(text, description, { kind: 'path', name }, operation.path, plan)) {
      pathParams[name] = '';
    } else if (name === channelField) {
      block(
        `the ${description.name} channel id to post to${channel ? ` (${channel} is a name; ${operation.path} needs the id, e.g. "channel 19:abc@thread")` : ''}`,
      );
    } else
      block(
        `the ${hintsFor(name, operation.path).join(' ') || name} to post to (${operation.path} needs {${name}}; name it in the prompt)`,
      );
  }
  const channelRequired =
    channelField !== undefined &&
    ((operation.body?.schema.required ?? []).includes(channelField.split('.')[0] ?? '') ||
      itemChannel);
  if (channelField && !channelInPath && !channel && channelRequired) {
    block(
      phoneChannel
        ? `the phone number to send ${description.name} messages to (write it in the prompt, e.g. "text +14155550123")`
        : roleOfField(channelField) === 'recipient'
          ? `who gets the ${description.name} messages (write the address in the prompt, e.g. "to ops@example.com")`
          : `the ${description.name} channel to post to (write it as #channel-name in the prompt)`,
    );
  }
  plan.understood.push(
    `Write: a ${summary ? 'summary message' : 'message per record'} with ${operation.method} ${operation.path}` +
      `${channel ? ` to ${channel}` : ''}.`,
  );
  return {
    resource,
    operation,
    kind: 'message',
    pathParams,
    query: {},
    headers: requiredHeaders(operation, plan.unresolved, description, text),
    form: operation.body?.contentType === 'form',
    rules: [],
    message: {
      textField: messaging.textField,
      channelField: channelInPath ? undefined : channelField,
      channel,
      summary,
      ...(Object.keys(fixed).length > 0 ? { fixed } : {}),
    },
  };
}

/**
 * The words of a message: the prompt's template, else the contents it lists. An email's subject
 * takes the template written after "subject" (the body the other one), else a made-up subject
 * that says what the message is about, as an assumption: SendGrid refuses a mail without one.
 */
export function planMessageText(text: string, plan: GroundedPlan): void {
  const read = plan.source as ReadPlan;
  const write = plan.destination as WritePlan;
  const message = write.message as NonNullable<WritePlan['message']>;
  const subject = subjectField(write.operation.body?.schema);
  const templates = readTemplates(text, read.resource);
  const subjectTemplate = subject ? templates.find((t) => leadsToSubject(t.lead)) : undefined;
  const template = templates.find((t) => t !== subjectTemplate);
  const unquoted = writtenSubject(text);
  if (subject && subjectTemplate) {
    message.fixed = { ...message.fixed, [subject]: subjectTemplate.template };
    noteTemplate(subjectTemplate, 'the subject', plan);
  } else if (subject && unquoted) {
    message.fixed = { ...message.fixed, [subject]: unquoted };
    plan.understood.push(`Each email's subject is "${unquoted}".`);
  }
  const fixedBody = template ? undefined : writtenBody(text);
  const listed = template || fixedBody ? undefined : listedMessage(text, read.resource);
  if (template) {
    message.template = template.template;
    noteTemplate(template, 'the message', plan);
  } else if (listed && listed.unmatched.length > 0) {
    // A message missing what was asked for is a wrong write: the default one, and a gap.
    for (const words of listed.unmatched)
      plan.unresolved.push(
        `the message's "${words}": no field of ${read.resource.plural} matches it`,
      );
  } else if (fixedBody) {
    message.template = fixedBody;
    plan.understood.push(`Each message says "${fixedBody}", as the prompt writes it.`);
  } else if (listed) {
    message.template = listed.template;
    plan.understood.push(
      `Each message holds what the prompt lists ("${listed.written}"): ${listed.template.replace(/\n/g, ' / ')}.`,
    );
  }
  const empty = message.summary ? emptyDigestText(text, read.resource) : undefined;
  if (empty) {
    message.whenEmpty = empty.text;
    plan.understood.push(
      `A run with nothing to list still sends "${empty.text}" ("${empty.phrase}").`,
    );
  }
  // Only an email (a body with a sender) needs a subject; a chat message's is optional.
  const email = leaves(write.operation.body?.schema, 3).some(
    (l) => roleOfField(l.path) === 'sender',
  );
  if (subject && email && !message.fixed?.[subject]) {
    const title = messageTitle(read.resource);
    const made = message.summary
      ? `${capitalise(read.resource.plural)} from ${plan.sourceName ? capitalise(plan.sourceName) : 'the source'}`
      : `${capitalise(read.resource.name)}: {${title?.path ?? read.resource.idField}}`;
    message.fixed = { ...message.fixed, [subject]: made };
    plan.assumptions.push(`The prompt gives no subject: each email's subject is "${made}".`);
  }
}
