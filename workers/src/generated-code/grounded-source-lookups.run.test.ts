import { describe, expect, it } from 'vitest';
import {
  entry,
  expectSuccess,
  generate,
  mock,
  run,
  useSandbox,
} from './grounded-generator.test-support.ts';

// Containers on the source side given by name, as people give them ("the Refunds inbox", a
// quoted list name, a site by its domain): the code looks each one up in the source's own list
// before it reads, and reads only inside it (docs/decisions/045-conditions-and-containers-as-people-write-them.md).

useSandbox();

describe('grounded template generator: source containers found by name', () => {
  it('narrows a list to the mailbox the prompt names with a capitalised word', async () => {
    const helpScout = await mock(entry('help-scout'), {
      mailbox: [
        { id: 310, name: 'Sales', slug: 'a1', email: 'sales@shop.example' },
        { id: 311, name: 'Refunds', slug: 'b2', email: 'refunds@shop.example' },
      ],
      conversation: [
        { id: 9001, number: 41, subject: 'Parcel never came', status: 'active', mailboxId: 311 },
        { id: 9002, number: 42, subject: 'Wrong size', status: 'active', mailboxId: 311 },
      ],
    });
    const slack = await mock(entry('slack'));
    const generated = generate(
      'For each conversation sitting in our Refunds inbox on Help Scout, drop its subject into #refund-desk on Slack.',
      helpScout,
      slack,
    );
    expect(generated.warnings).toEqual([]);
    expect(generated.code).toContain('the mailbox named "Refunds"');
    expectSuccess(await run(generated.code, helpScout, slack));
    const reads = helpScout.requests.filter((r) => r.method === 'GET');
    expect(reads[0]?.path).toBe('/mailboxes');
    const listed = reads.filter((r) => r.path === '/conversations');
    expect(listed.length).toBeGreaterThan(0);
    for (const request of listed) expect(request.query.mailbox).toBe('311');
  });

  it('puts a location found by a non-ASCII name into a search body that needs a list of ids', async () => {
    const square = await mock(entry('square'), {
      location: [
        { id: 'L-MAIN', name: 'Main Street', status: 'ACTIVE' },
        { id: 'L-ZRH', name: 'Zürich Bahnhof', status: 'ACTIVE' },
      ],
      order: [
        { id: 'o-1', location_id: 'L-ZRH', state: 'COMPLETED', created_at: '2025-05-02T09:00:00Z' },
      ],
    });
    const slack = await mock(entry('slack'));
    const generated = generate(
      'Tell #tills on Slack about every Square order taken at the Zürich Bahnhof location.',
      square,
      slack,
    );
    expect(generated.warnings).toEqual([]);
    expectSuccess(await run(generated.code, square, slack));
    const search = square.requests.find((r) => r.path === '/v2/orders/search');
    expect((search?.body as { location_ids?: unknown }).location_ids).toEqual(['L-ZRH']);
  });

  it('finds a site by its domain, then a form on it by its quoted name', async () => {
    const webflow = await mock(entry('webflow'), {
      site: [
        { id: 'site-a', displayName: 'Docs', shortName: 'docs', customDomains: [] },
        {
          id: 'site-b',
          displayName: 'Marketing',
          shortName: 'marketing-7f',
          customDomains: [{ id: 'd1', url: 'www.brightpaper.example' }],
        },
      ],
      form: [
        { id: 'form-1', displayName: 'Careers', siteId: 'site-b' },
        { id: 'form-2', displayName: 'Book a demo', siteId: 'site-b' },
      ],
      'form submission': [
        {
          id: 'sub-1',
          displayName: 'Book a demo',
          siteId: 'site-b',
          dateSubmitted: '2025-05-03T10:00:00.000Z',
          formResponse: { Email: 'lena@example.org' },
        },
      ],
    });
    const slack = await mock(entry('slack'));
    const generated = generate(
      'Post each submission of the "Book a demo" form on site brightpaper.example (Webflow) to #demos in Slack.',
      webflow,
      slack,
    );
    expect(generated.warnings).toEqual([]);
    expectSuccess(await run(generated.code, webflow, slack));
    const paths = webflow.requests.map((r) => r.path);
    expect(paths.slice(0, 2)).toEqual(['/sites', '/sites/site-b/forms']);
    expect(paths).toContain('/sites/site-b/forms/form-2/submissions');
  });

  it('reads the members of a quoted list, sending the version header on the lookup and every page', async () => {
    const profile = (n: number) => ({
      type: 'profile',
      id: `P${n}`,
      attributes: { email: `member${n}@example.net`, first_name: `M${n}` },
    });
    const klaviyo = await mock(entry('klaviyo'), {
      list: [
        { type: 'list', id: 'L1', attributes: { name: 'Newsletter' } },
        { type: 'list', id: 'L3', attributes: { name: 'Churned' } },
        { type: 'list', id: 'L2', attributes: { name: 'Beta testers' } },
      ],
      profile: [profile(1), profile(2), profile(3)],
    });
    const slack = await mock(entry('slack'));
    const generated = generate(
      'Post the email of each profile in the Klaviyo list "Beta testers" to #beta on Slack.',
      klaviyo,
      slack,
    );
    expect(generated.warnings).toEqual([]);
    expectSuccess(await run(generated.code, klaviyo, slack));
    const reads = klaviyo.requests.filter((r) => r.method === 'GET');
    // The list is on the second page of lists (two a page): the lookup reads on until it.
    expect(reads.slice(0, 2).map((r) => r.path)).toEqual(['/api/lists', '/api/lists']);
    const pages = reads.filter((r) => r.path === '/api/lists/L2/profiles');
    // Three records at two a page: the second page came from links.next.
    expect(pages.length).toBeGreaterThan(1);
    for (const request of reads) expect(request.status).toBe(200);
  });

  it('asks for the caller’s own user before a list that needs it', async () => {
    const me = 'https://api.calendly.com/users/U77';
    const calendly = await mock(entry('calendly'), {
      user: [{ uri: me, name: 'Robin Park', email: 'robin@studio.example' }],
      'scheduled event': [
        {
          uri: 'https://api.calendly.com/scheduled_events/E1',
          name: 'Portfolio review',
          status: 'active',
          start_time: '2025-06-03T09:00:00.000000Z',
          end_time: '2025-06-03T09:30:00.000000Z',
        },
      ],
    });
    const slack = await mock(entry('slack'));
    const generated = generate(
      'Share the name of each of my Calendly meetings in the #studio channel.',
      calendly,
      slack,
    );
    expect(generated.warnings).toEqual([]);
    expectSuccess(await run(generated.code, calendly, slack));
    expect(calendly.requests[0]?.path).toBe('/users/me');
    const listed = calendly.requests.filter((r) => r.path === '/scheduled_events');
    expect(listed.length).toBeGreaterThan(0);
    for (const request of listed) expect(request.query.user).toBe(me);
    expect(slack.written().map((m) => m.text)).toEqual([
      expect.stringContaining('Portfolio review'),
    ]);
  });
});
