import { describe, expect, it } from 'vitest';
import { plan } from './catalog-plan.test-support.ts';

// A record that is an email or a text: who gets it, its subject and its body, worded unlike
// any benchmark task.

function rulesOf(planned: ReturnType<typeof plan>) {
  return Object.fromEntries(
    (planned.destination?.rules ?? []).map((r) => [r.to, r.value ?? r.template ?? `← ${r.from}`]),
  );
}

describe('message fields', () => {
  it('sends each record to its own email when the prompt names no address (SendGrid)', () => {
    const planned = plan(
      'Greet every new Stripe customer by mail, plain text, subject line "Welcome aboard", from hi@corp.example',
      'stripe',
      'sendgrid',
    );
    expect(rulesOf(planned)).toMatchObject({
      'from.email': 'hi@corp.example',
      'personalizations.0.to.0.email': '← email',
      subject: 'Welcome aboard',
      'content.0.type': 'text/plain',
    });
    expect(rulesOf(planned)['content.0.value']).toBeDefined();
    // The reply-to is not the customer: nothing from the record goes there.
    expect(rulesOf(planned)['reply_to.email']).toBeUndefined();
  });

  it('writes the contents the prompt lists into the body (Postmark)', () => {
    const planned = plan(
      'For each new GitHub issue in acme/web, email triage@corp.example from bot@corp.example with its title, html_url and state',
      'github',
      'postmark',
    );
    const rules = rulesOf(planned);
    expect(rules.To).toBe('triage@corp.example');
    expect(rules.TextBody).toMatch(/\{title\}[\s\S]*\{html_url\}[\s\S]*\{state\}/);
  });

  it('gives a body nothing else fills the record’s title and link, as an assumption', () => {
    const planned = plan(
      'Email triage@corp.example about each new GitHub issue in acme/web, sent from bot@corp.example',
      'github',
      'postmark',
    );
    expect(rulesOf(planned).TextBody).toBe('{title}\n{html_url}');
    expect(planned.assumptions.join(' ')).toMatch(/no text for TextBody/);
  });

  it('takes a quoted value only after the field’s own name, never from a condition', () => {
    const planned = plan(
      'Mail Stripe customers whose description is "VIP" from hi@corp.example; the subject is "Thanks"',
      'stripe',
      'sendgrid',
    );
    expect(rulesOf(planned).subject).toBe('Thanks');
    expect(Object.values(rulesOf(planned))).not.toContain('VIP');
  });

  it('never sends an alert about a record to the record’s own address', () => {
    const planned = plan(
      'Mail the finance team about each failed Stripe charge, from billing@corp.example',
      'stripe',
      'postmark',
    );
    expect(rulesOf(planned).To).toBeUndefined();
    expect(planned.unresolved.join(' ')).toMatch(/"To"/);
  });

  it('keeps a quoted value of an exclusion or a fallback out, and a stated mapping wins', () => {
    const skipped = plan(
      'Email each new Stripe customer from hi@corp.example, but skip customers with the description "test"',
      'stripe',
      'sendgrid',
    );
    expect(Object.values(rulesOf(skipped))).not.toContain('test');
    const mapped = plan(
      'Copy GitHub issues in acme/web to Todoist, map title to content; if it has no body the description "none"',
      'github',
      'todoist',
    );
    expect(rulesOf(mapped).description).not.toBe('none');
  });
});
