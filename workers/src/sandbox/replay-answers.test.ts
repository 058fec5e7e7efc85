import type { TTranscriptEntry } from '@patchbay/schema';
import { describe, expect, it } from 'vitest';
import { RecordedAnswers, recordedResponse } from './replay-answers.ts';
import { REDACTED, TRUNCATED } from './redact.ts';

function entry(method: string, url: string, status: number | null, body = '{}'): TTranscriptEntry {
  return {
    method,
    url,
    requestHeaders: {},
    requestBody: null,
    status,
    responseHeaders: { 'Content-Type': 'application/json' },
    responseBody: body,
    durationMs: 1,
    startedAt: '2026-11-23T00:00:00.000Z',
  };
}

const same = (text: string) => text;

describe('RecordedAnswers', () => {
  it('answers the same request with its recorded answers in order, then names what is missing', () => {
    const answers = new RecordedAnswers({
      recorded: [
        entry('GET', 'https://api.test/v1/items?page=1', 200, '{"n":1}'),
        entry('GET', 'https://api.test/v1/items?page=2', 200, '{"n":2}'),
        entry('GET', 'https://api.test/v1/items?page=1', 200, '{"n":3}'),
      ],
    });
    const page1 = new URL('https://api.test/v1/items?page=1');
    expect(answers.next('GET', page1, same, false).responseBody).toBe('{"n":1}');
    expect(answers.next('GET', page1, same, false).responseBody).toBe('{"n":3}');
    expect(() => answers.next('GET', page1, same, false)).toThrow(
      'no recorded answer for GET /v1/items?page=1: the recorded run did not make this request this many times',
    );
    expect(() =>
      answers.next('GET', new URL('https://api.test/v1/items?page=3'), same, false),
    ).toThrow('no recorded answer for GET /v1/items?page=3');
    // The method is part of the match.
    expect(() =>
      answers.next('HEAD', new URL('https://api.test/v1/items?page=2'), same, false),
    ).toThrow('no recorded answer for HEAD /v1/items?page=2');
  });

  it('matches a request whose recorded URL carried a credential the host added, and answers a redirect with its last hop', () => {
    const answers = new RecordedAnswers({
      recorded: [
        entry('GET', `https://api.test/v1/me?api_key=${encodeURIComponent(REDACTED)}`, 302, ''),
        entry(
          'GET',
          `https://login.test/me?api_key=${encodeURIComponent(REDACTED)}`,
          200,
          '{"me":1}',
        ),
      ],
    });
    const answer = answers.next('GET', new URL('https://api.test/v1/me'), same, false);
    expect(answer.responseBody).toBe('{"me":1}');
  });

  it('leaves out a query credential named by the connection, even when it was too short to redact', () => {
    const answers = new RecordedAnswers({
      recorded: [entry('GET', 'https://api.test/v1/items?page=1&key=abc', 200, '{"n":1}')],
      credentialParams: { 'https://api.test': ['key'] },
    });
    const url = new URL('https://api.test/v1/items?page=1');
    expect(answers.next('GET', url, same, false).responseBody).toBe('{"n":1}');
  });

  it('refuses to answer with a body the recording cut, or a request that got no answer', () => {
    const url = new URL('https://api.test/v1/big');
    expect(() =>
      recordedResponse(
        entry('GET', url.href, 200, `{"a":"${'x'.repeat(10)}${TRUNCATED}`),
        'GET',
        url,
      ),
    ).toThrow('the recorded response was cut');
    expect(() =>
      recordedResponse({ ...entry('GET', url.href, null), error: 'ECONNRESET' }, 'GET', url),
    ).toThrow('failed in the recorded run: ECONNRESET');
    expect(recordedResponse(entry('GET', url.href, 404, '{"x":1}'), 'GET', url)).toMatchObject({
      status: 404,
      headers: { 'content-type': 'application/json' },
    });
  });
});
