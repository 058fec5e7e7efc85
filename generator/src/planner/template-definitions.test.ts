import { describe, expect, it } from 'vitest';
import { entry } from './catalog-plan.test-support.ts';
import { readTemplates } from './templates.ts';

// A line shaped with words whose parts the prompt defines elsewhere ("where payer is the receipt
// email"), a record kept inside an object named after it, and the dates such a line prints.

const charge = entry('stripe').resources.find((r) => r.name === 'charge')!;
const subscription = entry('chargebee').resources.find((r) => r.name === 'subscription')!;

describe('a line shaped with words', () => {
  it('takes a part as the field the prompt defines it to be, after or before the line', () => {
    for (const prompt of [
      'Post a digest of charges, one line each like `payer / amount / status`, where payer is the receipt email.',
      'Payer means the billing email on file. Post a digest of charges, one line each like `payer / amount / status`.',
    ]) {
      const [template] = readTemplates(prompt, charge);
      expect(template?.template, prompt).toMatch(
        /^\{(?:receipt_email|billing_details\.email)\} \/ \{amount@major-2dp\} \/ \{status\}$/,
      );
    }
  });

  it('reads the fields of a record kept in an object named after it', () => {
    const [template] = readTemplates(
      'Mail a list of subscriptions, one line per subscription formatted as `status – created date – currency code`.',
      subscription,
    );
    expect(template?.template).toContain('{subscription.status}');
    expect(template?.template).toContain('{subscription.currency_code}');
    expect(template?.template).toMatch(/\{subscription\.created_at@[^}]+\}/);
  });

  it('writes dates in the format the prompt states, and seconds since 1970 as a date anyway', () => {
    const [stated] = readTemplates(
      'Post each charge as "<description>: <created>", with dates as DD.MM.YYYY.',
      charge,
    );
    expect(stated?.template).toBe('{description}: {created@DD.MM.YYYY}');
    const [plain] = readTemplates('Post each charge as "<description>: <created>".', charge);
    expect(plain?.template).toBe('{description}: {created@YYYY-MM-DD HH:mm}');
  });
});

describe('a template on a line of its own', () => {
  it('is read under a line that ends with a colon, and a date format alone is the record’s moment', () => {
    const [template] = readTemplates(
      'Each morning, one Slack message to #finance with the charges, one line per charge:\n<description> – <amount> – <DD/MM/YYYY>\nNothing else.',
      charge,
    );
    expect(template?.template).toBe('{description} – {amount@major-2dp} – {created@DD/MM/YYYY}');
    expect(template?.unmatched).toEqual([]);
  });

  it('needs two placeholders: one bracketed word under a colon is no template', () => {
    expect(
      readTemplates('Rules:\n<description> must not be empty.', charge).map((t) => t.written),
    ).toEqual([]);
  });
});
