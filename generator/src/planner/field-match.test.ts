import { describe, expect, it } from 'vitest';
import { plan } from './catalog-plan.test-support.ts';
import type { TFieldSchema } from '@patchbay/schema';
import { leaves, matchField } from './field-match.ts';

const text = { type: 'string' } as TFieldSchema;
const object = (properties: Record<string, TFieldSchema>) =>
  ({ type: 'object', properties }) as TFieldSchema;

describe('matching a destination field to the source', () => {
  const source = leaves(object({ title: text, name: text, owner: object({ name: text }) }));

  it('never fills a reference to another record with the record’s own text', () => {
    const ticket = leaves(
      object({
        summary: text,
        category: object({ id: text, name: text }),
        queue: object({ key: text }),
      }),
    );
    const rule = (path: string) =>
      matchField(
        ticket.find((l) => l.path === path)!,
        source,
        new Map(),
      );
    expect(rule('summary')?.from).toBe('title');
    expect(rule('category.name')).toBeUndefined();
    expect(rule('queue.key')).toBeUndefined();
  });

  it('still fills a reference the prompt maps, and a person’s name from a person', () => {
    const task = leaves(
      object({ category: object({ id: text, name: text }), assignee: object({ name: text }) }),
    );
    const category = task.find((l) => l.path === 'category.name')!;
    expect(matchField(category, source, new Map([['categoryname', 'title']]))?.from).toBe('title');
    expect(
      matchField(
        task.find((l) => l.path === 'assignee.name')!,
        source,
        new Map(),
      )?.from,
    ).toBe('owner.name');
  });
});

describe('a login', () => {
  it('never copies a login into another API’s username field unasked', () => {
    const planned = plan(
      'Create an Opsgenie alert for every new GitHub issue in acme/web labeled outage.',
      'github',
      'opsgenie',
    );
    expect(planned.destination?.rules.filter((r) => r.from === 'user.login')).toEqual([]);
  });
});
