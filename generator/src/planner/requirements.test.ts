import { getCatalogEntry } from '@patchbay/catalog';
import { requirementCounts, type TApiDescription } from '@patchbay/schema';
import { describe, expect, it } from 'vitest';
import { generateTemplateCode } from '../template-generator.ts';

// The checklist is read off the plan the code was compiled from: each requirement it marks done
// points at the lines that do it, and what the plan could not ground is listed as missing.

function entry(id: string): TApiDescription {
  const found = getCatalogEntry(id);
  if (!found) throw new Error(`catalog entry ${id} is missing`);
  return found;
}

function generate(prompt: string, source: string, destination: string) {
  return generateTemplateCode(
    {
      sourceApiName: entry(source).name,
      sourceApiUrl: entry(source).baseUrl,
      sourceAuthType: 'bearer',
      destApiName: entry(destination).name,
      destApiUrl: entry(destination).baseUrl,
      destAuthType: 'bearer',
      userPrompt: prompt,
    },
    { source: entry(source), destination: entry(destination) },
  );
}

describe('the requirement checklist', () => {
  it('marks the read, each filter, the write and each field done, with their lines', () => {
    const result = generate(
      'Every hour, take the Stripe customers whose email is set and add them to Mailchimp list 4f2a9c',
      'stripe',
      'mailchimp',
    );
    const kinds = result.requirements.filter((r) => r.status === 'done').map((r) => r.kind);
    expect(kinds).toEqual(expect.arrayContaining(['read', 'write', 'field', 'schedule']));
    const lines = result.code.split('\n');
    for (const requirement of result.requirements.filter((r) => r.lines.length > 0)) {
      for (const line of requirement.lines) expect(lines[line - 1]).toBeDefined();
    }
    const read = result.requirements.find((r) => r.kind === 'read');
    expect(lines[(read?.lines[0] ?? 0) - 1]).toMatch(/^async function listPage/);
  });

  it('lists what it could not ground as missing, the same items the code marks TODO', () => {
    const result = generate(
      'Copy Trello cards to Jira; put Ticket = the card frobnication level',
      'trello',
      'jira',
    );
    const missing = result.requirements.filter((r) => r.status === 'missing');
    expect(missing.map((r) => r.text)).toEqual(result.unresolved);
    expect(missing.length).toBeGreaterThan(0);
    for (const item of result.unresolved)
      expect(result.code).toContain(`TODO: ${item.slice(0, 40)}`);
    expect(requirementCounts(result.requirements).missing).toBe(result.unresolved.length);
  });

  it('no longer reports single words it did not use', () => {
    const result = generate(
      'Hello team! Kindly mirror each Linear issue into GitHub issues, thanks a bunch',
      'linear',
      'github',
    );
    expect(result.unresolved.join(' ')).not.toMatch(/not understood/);
    expect(result.requirements.map((r) => r.text).join(' ')).not.toMatch(/"kindly"|"bunch"/i);
  });

  it('counts a written list of field mappings as done when the plan maps every pair', () => {
    const result = generate(
      'Copy Klaviyo profiles into HubSpot contacts. Mapping: email → email, first_name → firstname, last_name → lastname.',
      'klaviyo',
      'hubspot',
    );
    expect(result.unresolved.join('\n')).not.toMatch(/Mapping:.*no part of the code/);
  });
});
