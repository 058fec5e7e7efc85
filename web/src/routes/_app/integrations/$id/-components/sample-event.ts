// "Test with an event": the sample bodies a test can send as `ctx.event.body`: the
// source description's example events, or JSON the user pastes; and the headers a delivery of
// it would carry (the provider's event header), which the code sees in `ctx.event.headers`.
import type { TApiDescription } from '@patchbay/schema';

export interface SampleEvent {
  name: string;
  summary?: string | undefined;
  body: Record<string, unknown>;
  /** What a delivery of this event carries besides its body: the event type's header. */
  headers: Record<string, string>;
}

/**
 * `webhooks.events[]` of the source description, in its order; none without a description. A
 * provider that names the event type in a header (`eventTypePath: header:X-GitHub-Event`) sends
 * the event's name there, so the sample carries it too.
 */
export function sampleEvents(source: TApiDescription | null | undefined): SampleEvent[] {
  const typePath = source?.webhooks?.eventTypePath ?? '';
  const typeHeader = typePath.startsWith('header:') ? typePath.slice('header:'.length).trim() : '';
  return (source?.webhooks?.events ?? []).map((event) => ({
    name: event.name,
    summary: event.summary,
    body: event.example,
    headers: typeHeader ? { [typeHeader]: event.name } : {},
  }));
}

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Headers as the paste box shows them: one `Name: value` a line. */
export function formatEventHeaders(headers: Record<string, string>): string {
  return Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
}

/** `Name: value` lines (blank lines skipped), or what is wrong with the first bad line. */
export function parseEventHeaders(
  text: string,
): { headers: Record<string, string>; error: null } | { error: string } {
  const headers: Record<string, string> = {};
  for (const [index, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    const colon = line.indexOf(':');
    const name = colon < 0 ? '' : line.slice(0, colon).trim();
    if (!HEADER_NAME.test(name)) {
      return { error: `Line ${index + 1}: write each header as Name: value` };
    }
    headers[name] = line.slice(colon + 1).trim();
  }
  return { headers, error: null };
}

/** Pasted JSON as the event body, or what is wrong with it (with the parser's position). */
export function parseEventBody(text: string): { body: unknown; error: null } | { error: string } {
  if (text.trim() === '') return { error: 'Paste the event body as JSON' };
  try {
    return { body: JSON.parse(text) as unknown, error: null };
  } catch (error) {
    const detail = error instanceof SyntaxError ? error.message : String(error);
    return { error: `Not valid JSON: ${detail}` };
  }
}

/** The example as the paste box shows it. */
export function formatEventBody(body: unknown): string {
  return JSON.stringify(body, null, 2);
}
