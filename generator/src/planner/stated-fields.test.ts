import { describe, expect, it } from 'vitest';
import { plan } from './catalog-plan.test-support.ts';

// A mapping the prompt writes as a list of "field → Field": a source field named by the end of
// its path, a destination field name that is not a value, a field sent to one place only, and
// words about what the write does that say nothing about which records to read.

describe('a written list of field mappings', () => {
  const planned = plan(
    [
      'Copy the Klaviyo profiles into HubSpot contacts, in batches of 25.',
      'Fields: email → email, first_name → firstname, location.zip → zip.',
      'When a contact is there already it should get updated by the import.',
    ].join(' '),
    'klaviyo',
    'hubspot',
  );
  const rules = planned.destination?.rules ?? [];

  it('finds a source field by the end of its path, whichever side shares its last name', () => {
    const zip = rules.filter((r) => r.from === 'attributes.location.zip').map((r) => r.to);
    expect(zip).toEqual([expect.stringMatching(/(^|\.)zip$/)]);
    expect(rules.some((r) => r.to.includes('location'))).toBe(false);
  });

  it('reads a destination field after an arrow as a field, not as a value for every record', () => {
    const leads = plan(
      'Add each Klaviyo profile as a Salesforce lead: first_name → FirstName, last_name → LastName, organization → Company.',
      'klaviyo',
      'salesforce',
    );
    const values = (leads.destination?.rules ?? []).filter((r) => r.value !== undefined);
    expect(values.map((r) => r.to)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/FirstName|LastName|Company/)]),
    );
    expect(leads.understood.join('\n')).not.toMatch(/for every record/);
  });

  it('sends a mapped field to its one place, not also to a look-alike', () => {
    const contacts = plan(
      'Create a Freshdesk contact for each Klaviyo profile. Mapping: email → email, phone_number → phone.',
      'klaviyo',
      'freshdesk',
    );
    const fromPhone = (contacts.destination?.rules ?? [])
      .filter((r) => r.from === 'attributes.phone_number')
      .map((r) => r.to);
    expect(fromPhone).toEqual(['phone']);
  });

  it('takes "should get updated" for the write, not for records changed since the last run', () => {
    expect(planned.cursor).toBeUndefined();
  });

  it('puts as many records in a request as the prompt says', () => {
    expect(planned.destination?.batch?.maxItems).toBe(25);
    expect(planned.understood.join('\n')).toContain('batches of up to 25 contacts');
  });
});
