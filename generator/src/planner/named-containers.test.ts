import { describe, expect, it } from 'vitest';
import { plan, ruleTo as rule } from './catalog-plan.test-support.ts';

// An optional reference of the written record is filled when the prompt names that container
// for the destination, and only then: a container of the source is never the destination's.

describe('an optional container the prompt names for the destination', () => {
  it('is looked up by name when only the destination has that kind of container', () => {
    const planned = plan(
      'Each new Stripe customer should become a Todoist task "Welcome <name>", filed under the project named "Customer care".',
      'stripe',
      'todoist',
    );
    expect(rule(planned, 'project_id')?.reason).toBe('looked up');
    const lookup = planned.lookups.find((l) => l.target.name === 'project_id');
    expect(lookup?.name).toBe('Customer care');
    expect(lookup?.operation.path).toBe('/projects');
  });

  it('is tied to the destination by its API’s name when both sides have such containers', () => {
    const planned = plan(
      'Mirror the incomplete tasks of the Asana project "Website" (gid 1200000000000042) into the "Web backlog" project on Todoist.',
      'asana',
      'todoist',
    );
    expect(planned.lookups.find((l) => l.target.name === 'project_id')?.name).toBe('Web backlog');
  });

  it('is left to the API’s default when the only mention belongs to the source', () => {
    const planned = plan(
      'Copy the incomplete tasks of Asana project gid 1200000000000042 over to Todoist.',
      'asana',
      'todoist',
    );
    expect(rule(planned, 'project_id')).toBeUndefined();
    expect(planned.lookups.filter((l) => l.side === 'destination')).toEqual([]);
  });

  it('takes an id written after the destination’s container word', () => {
    const planned = plan(
      'Every new Stripe customer becomes a task in Todoist project 2399912345, titled with their email.',
      'stripe',
      'todoist',
    );
    expect(rule(planned, 'project_id')?.value).toBe('2399912345');
  });

  it('is not taken from a mention that may be the source’s, untied to where records go', () => {
    for (const [source, prompt] of [
      [
        'sentry',
        'Create a Todoist task for each new Sentry issue of organization acme in project 4505123.',
      ],
      ['zendesk', "Make a Todoist task for each Zendesk ticket about the 'Apollo' project."],
    ]) {
      const planned = plan(prompt as string, source as string, 'todoist');
      expect(rule(planned, 'project_id'), prompt).toBeUndefined();
    }
  });

  it('is tied by "in" after the destination’s own record, with no source between', () => {
    const planned = plan(
      'Each new GitHub issue in acme/web becomes a Todoist task in the "Work" project.',
      'github',
      'todoist',
    );
    expect(planned.lookups.find((l) => l.target.name === 'project_id')?.name).toBe('Work');
  });
});
