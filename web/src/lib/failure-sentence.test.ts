import { describe, expect, it } from 'vitest';
import { failureSentence, noRequestGotThrough, type FailureSides } from './failure-sentence.ts';

const sides: FailureSides = {
  source: { apiName: 'Stripe', baseUrl: 'https://api.stripe.com' },
  destination: { apiName: 'HubSpot', baseUrl: 'https://api.example.com/crm' },
};

describe('failureSentence', () => {
  it('says a name that does not resolve is ours to check, naming the side', () => {
    expect(
      failureSentence(
        {
          name: 'RequestFailedError',
          message:
            'POST https://api.example.com/crm/contacts failed: cannot resolve api.example.com (ENOTFOUND)',
        },
        sides,
      ),
    ).toEqual({
      sentence:
        'Patchbay could not reach api.example.com: the name does not resolve. Check the HubSpot (destination) base URL.',
      fix: 'destination',
    });
  });

  it('puts a 5xx on the API’s side and a 401 on the credential', () => {
    const busy = failureSentence(
      { name: 'HttpError', message: 'GET https://api.stripe.com/v1/customers → 503', status: 503 },
      sides,
    );
    expect(busy.sentence).toBe(
      'api.stripe.com failed on its side (HTTP 503). That is usually temporary: deployed runs retry it; test again later.',
    );
    expect(busy.fix).toBeNull();
    const refused = failureSentence(
      { name: 'HttpError', message: 'GET https://api.stripe.com/v1/customers → 401', status: 401 },
      sides,
    );
    expect(refused).toEqual({
      sentence:
        'api.stripe.com refused the credential (HTTP 401). Check the Stripe (source) credential in Edit connection.',
      fix: 'source',
    });
  });

  it('sends a missing credential to Edit connection without the internals', () => {
    const missing = failureSentence(
      {
        name: 'ConfigurationError',
        message:
          "ctx.destination: no credential is saved for this API (auth type api-key); add it in Edit connection on the integration's review page",
      },
      sides,
    );
    expect(missing).toEqual({
      sentence:
        'The HubSpot (destination) connection has no credential saved, so Patchbay sent nothing. Add it in Edit connection.',
      fix: 'destination',
    });
  });

  it('names the line of a code error, and a NonRetryableError without its class name', () => {
    expect(
      failureSentence({ name: 'TypeError', message: 'page.data is undefined', line: 4 }).sentence,
    ).toBe(
      'The code failed at line 4: TypeError: page.data is undefined. Fix it in the editor and test again.',
    );
    expect(
      failureSentence({
        name: 'NonRetryableError',
        message: 'the CRM refused the contact.',
        line: 2,
      }).sentence,
    ).toBe('The code stopped the run: the CRM refused the contact.');
  });

  it('says which side a refused connection and a blocked address are on', () => {
    expect(
      failureSentence({
        name: 'RequestFailedError',
        message: 'GET http://127.0.0.1:9/v1/x failed: connect ECONNREFUSED 127.0.0.1:9',
      }).sentence,
    ).toBe(
      'Patchbay could not reach 127.0.0.1:9: nothing accepted the connection. Check the base URL, or whether that API is running.',
    );
    expect(
      failureSentence({
        name: 'BlockedRequestError',
        message:
          'GET http://10.0.0.5/x failed: blocked by the network guard: 10.0.0.5 is a private address',
      }).sentence,
    ).toBe(
      "Patchbay does not send requests to 10.0.0.5: it is a private address. Use the API's public address in the base URL.",
    );
  });

  it('falls back to the message itself', () => {
    expect(failureSentence({ name: 'Error', message: 'something odd' }).sentence).toBe(
      'The run failed: something odd.',
    );
  });
});

describe('noRequestGotThrough', () => {
  it('counts a request that never got an answer as not through', () => {
    expect(noRequestGotThrough([])).toBe(true);
    expect(noRequestGotThrough([{ status: null }])).toBe(true);
    expect(noRequestGotThrough([{ status: null }, { status: 401 }])).toBe(false);
    expect(noRequestGotThrough([{ status: 200 }])).toBe(false);
  });
});
