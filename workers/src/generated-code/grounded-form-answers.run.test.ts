import { describe, expect, it } from 'vitest';
import {
  entry,
  expectSuccess,
  generate,
  mock,
  run,
  useSandbox,
} from './grounded-generator.test-support.ts';

// A form's answers are kept under the form's own labels, which no description can list: the
// generated code takes each field from the answer labelled like it (plan-form-answers.ts).

useSandbox();

describe('grounded template generator: form answers by their labels', () => {
  it('fills a lead from answers however each form spelled its labels', async () => {
    const submission = (id: string, formResponse: Record<string, string>) => ({
      id,
      displayName: 'Request a callback',
      siteId: 'site-9',
      dateSubmitted: '2025-04-02T08:00:00.000Z',
      formResponse,
    });
    const webflow = await mock(entry('webflow'), {
      'form submission': [
        submission('s1', {
          Name: 'Inês Duarte',
          'E-mail': 'ines@vinhos.example',
          Company: 'Vinhos Duarte',
        }),
        submission('s2', {
          'first name': 'Bo',
          last_name: 'Kim',
          EMAIL: 'bo@kimtools.example',
          'Company name': 'Kim Tools',
          company: 'Kim Tools Ltd',
        }),
      ],
    });
    const salesforce = await mock(entry('salesforce'));
    const generated = generate(
      'Turn every submission of Webflow form 66aa01 into a Salesforce lead.',
      webflow,
      salesforce,
    );
    expect(generated.warnings).toEqual([]);
    expectSuccess(await run(generated.code, webflow, salesforce));
    expect(salesforce.written('lead')).toEqual([
      expect.objectContaining({
        FirstName: 'Inês',
        LastName: 'Duarte',
        Email: 'ines@vinhos.example',
        Company: 'Vinhos Duarte',
      }),
      expect.objectContaining({
        FirstName: 'Bo',
        LastName: 'Kim',
        Email: 'bo@kimtools.example',
        Company: 'Kim Tools Ltd',
      }),
    ]);
  });

  it('compares an answer with what the destination holds, and repeats within a run', async () => {
    const submission = (id: string, email: string) => ({
      id,
      displayName: 'Newsletter',
      siteId: 'site-9',
      dateSubmitted: '2025-04-03T08:00:00.000Z',
      formResponse: { 'Full name': 'Ada Byron', 'Email address': email },
    });
    const webflow = await mock(entry('webflow'), {
      'form submission': [
        submission('n1', 'ada@engines.example'),
        submission('n2', 'known@engines.example'),
        submission('n3', 'ada@engines.example'),
      ],
    });
    const salesforce = await mock(entry('salesforce'), {
      lead: [{ Id: '00Q1', LastName: 'Known', Company: 'X', Email: 'known@engines.example' }],
    });
    const generated = generate(
      'Webflow form 66aa01 submissions → Salesforce leads, company "Newsletter signup", with no duplicate people.',
      webflow,
      salesforce,
    );
    expect(generated.warnings).toEqual([]);
    expectSuccess(await run(generated.code, webflow, salesforce));
    expect(salesforce.written('lead')).toEqual([
      expect.objectContaining({ Email: 'ada@engines.example', LastName: 'Byron' }),
    ]);
  });
});
