// Issue 16 "Test with an event": the sample bodies a test can send as `ctx.event.body`: the
// source description's example events, or JSON the user pastes.
import type { TApiDescription } from '@patchbay/schema';

export interface SampleEvent {
  name: string;
  summary?: string | undefined;
  body: Record<string, unknown>;
}

/** `webhooks.events[]` of the source description, in its order; none without a description. */
export function sampleEvents(source: TApiDescription | null | undefined): SampleEvent[] {
  return (source?.webhooks?.events ?? []).map((event) => ({
    name: event.name,
    summary: event.summary,
    body: event.example,
  }));
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
