import { describe, expect, it } from 'vitest';
import { plan } from './catalog-plan.test-support.ts';

// A destination with a plain and a rich-text field for the same text (Asana's notes and
// html_notes) gets the text once, in the plain field.

describe('a rich-text twin of a filled text field', () => {
  it('is left empty when the plain field has the text, by synonym or by template', () => {
    const bySynonym = plan(
      'Every GitLab issue of project 311 becomes an Asana task in project 1200000000000009.',
      'gitlab',
      'asana',
    );
    const to = (bySynonym.destination?.rules ?? []).map((r) => r.to);
    expect(to).toContain('notes');
    expect(to).not.toContain('html_notes');
    const byTemplate = plan(
      'Every GitLab issue of project 311 becomes an Asana task in project 1200000000000009. Notes: <web url>.',
      'gitlab',
      'asana',
    );
    expect(byTemplate.destination?.rules).toContainEqual(
      expect.objectContaining({ to: 'notes', template: '{web_url}' }),
    );
    expect((byTemplate.destination?.rules ?? []).map((r) => r.to)).not.toContain('html_notes');
  });
});
