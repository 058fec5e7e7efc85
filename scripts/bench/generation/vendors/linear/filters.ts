// The Linear mock's filters: IssueFilter and the filters of teams, states, users and labels,
// with Linear's comparators (eq, in, lt, contains, …), and/or, and relations.
// The mock handles arbitrary JSON from the code under test: records are loosely typed on purpose.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { GraphQLError, type Rec } from './graphql.ts';

const COMPARATORS = new Set([
  'eq',
  'neq',
  'in',
  'nin',
  'lt',
  'lte',
  'gt',
  'gte',
  'null',
  'contains',
  'notContains',
  'containsIgnoreCase',
  'notContainsIgnoreCase',
  'startsWith',
  'notStartsWith',
  'endsWith',
  'notEndsWith',
  'eqIgnoreCase',
  'neqIgnoreCase',
  'startsWithIgnoreCase',
  'containsIgnoreCaseAndModifier',
]);

function cmpValue(a: any): any {
  if (typeof a === 'string' && /^\d{4}-\d{2}-\d{2}/.test(a)) return Date.parse(a);
  return a;
}

export function comparator(actual: any, filter: Rec, typeName: string): boolean {
  for (const [op, want] of Object.entries(filter)) {
    if (!COMPARATORS.has(op))
      throw new GraphQLError(`Field "${op}" is not defined by type "${typeName}".`);
    const a = actual;
    const s = typeof a === 'string' ? a : a === null || a === undefined ? '' : String(a);
    let ok: boolean;
    switch (op) {
      case 'eq':
        ok =
          a === want ||
          (typeof want === 'string' && cmpValue(a) === cmpValue(want) && /^\d{4}-/.test(want));
        break;
      case 'neq':
        ok = a !== want;
        break;
      case 'in':
        ok = Array.isArray(want) && want.includes(a);
        break;
      case 'nin':
        ok = Array.isArray(want) && !want.includes(a);
        break;
      case 'lt':
        ok = a !== null && a !== undefined && cmpValue(a) < cmpValue(want);
        break;
      case 'lte':
        ok = a !== null && a !== undefined && cmpValue(a) <= cmpValue(want);
        break;
      case 'gt':
        ok = a !== null && a !== undefined && cmpValue(a) > cmpValue(want);
        break;
      case 'gte':
        ok = a !== null && a !== undefined && cmpValue(a) >= cmpValue(want);
        break;
      case 'null':
        ok = want ? a === null || a === undefined : a !== null && a !== undefined;
        break;
      case 'contains':
        ok = s.includes(String(want));
        break;
      case 'notContains':
        ok = !s.includes(String(want));
        break;
      case 'containsIgnoreCase':
      case 'containsIgnoreCaseAndModifier':
        ok = s.toLowerCase().includes(String(want).toLowerCase());
        break;
      case 'notContainsIgnoreCase':
        ok = !s.toLowerCase().includes(String(want).toLowerCase());
        break;
      case 'startsWith':
        ok = s.startsWith(String(want));
        break;
      case 'startsWithIgnoreCase':
        ok = s.toLowerCase().startsWith(String(want).toLowerCase());
        break;
      case 'notStartsWith':
        ok = !s.startsWith(String(want));
        break;
      case 'endsWith':
        ok = s.endsWith(String(want));
        break;
      case 'notEndsWith':
        ok = !s.endsWith(String(want));
        break;
      case 'eqIgnoreCase':
        ok = s.toLowerCase() === String(want).toLowerCase();
        break;
      case 'neqIgnoreCase':
        ok = s.toLowerCase() !== String(want).toLowerCase();
        break;
      default:
        ok = false;
    }
    if (!ok) return false;
  }
  return true;
}

/** Whether `obj` (null for none) passes a filter over the given scalar fields. */
export function matchObject(
  obj: Rec | null,
  filter: Rec,
  typeName: string,
  fields: string[],
): boolean {
  for (const [k, v] of Object.entries(filter)) {
    if (v === null || v === undefined) continue;
    if (k === 'and') {
      if (!(v as Rec[]).every((f) => matchObject(obj, f, typeName, fields))) return false;
      continue;
    }
    if (k === 'or') {
      if (!(v as Rec[]).some((f) => matchObject(obj, f, typeName, fields))) return false;
      continue;
    }
    if (k === 'null') {
      if (v ? obj !== null : obj === null) return false;
      continue;
    }
    if (!fields.includes(k))
      throw new GraphQLError(`Field "${k}" is not defined by type "${typeName}".`);
    if (obj === null) return false;
    if (!comparator(obj[k], v as Rec, 'Comparator')) return false;
  }
  return true;
}

/** What an issue filter reads besides the issue itself. */
export interface IssueRelations {
  /** The issue's state, team or assignee. */
  relation(issue: Rec, key: string): Rec | null;
  labels: Rec[];
}

/** Whether an issue passes an IssueFilter. */
export function issueMatches(
  i: Rec,
  filter: Rec | null | undefined,
  related: IssueRelations,
): boolean {
  if (!filter) return true;
  for (const [k, v] of Object.entries(filter)) {
    if (v === null || v === undefined) continue;
    switch (k) {
      case 'and':
        if (!(v as Rec[]).every((f) => issueMatches(i, f, related))) return false;
        break;
      case 'or':
        if (!(v as Rec[]).some((f) => issueMatches(i, f, related))) return false;
        break;
      case 'id':
      case 'title':
      case 'description':
      case 'priority':
      case 'estimate':
      case 'number':
      case 'createdAt':
      case 'updatedAt':
      case 'completedAt':
      case 'canceledAt':
      case 'archivedAt':
      case 'startedAt':
      case 'dueDate':
        if (!comparator(i[k], v as Rec, 'Comparator')) return false;
        break;
      case 'state':
        if (
          !matchObject(related.relation(i, 'state'), v as Rec, 'WorkflowStateFilter', [
            'id',
            'name',
            'type',
            'position',
          ])
        )
          return false;
        break;
      case 'team':
        if (
          !matchObject(related.relation(i, 'team'), v as Rec, 'TeamFilter', ['id', 'key', 'name'])
        )
          return false;
        break;
      case 'assignee':
        if (
          !matchObject(related.relation(i, 'assignee'), v as Rec, 'NullableUserFilter', [
            'id',
            'name',
            'displayName',
            'email',
          ])
        )
          return false;
        break;
      case 'labels': {
        const ls = (i.labelIds as string[])
          .map((id) => related.labels.find((l) => l.id === id))
          .filter(Boolean) as Rec[];
        const f = v as Rec;
        for (const [lk, lv] of Object.entries(f)) {
          if (lk === 'some') {
            if (!ls.some((l) => matchObject(l, lv, 'IssueLabelFilter', ['id', 'name'])))
              return false;
          } else if (lk === 'every') {
            if (!ls.every((l) => matchObject(l, lv, 'IssueLabelFilter', ['id', 'name'])))
              return false;
          } else if (lk === 'none') {
            if (ls.some((l) => matchObject(l, lv, 'IssueLabelFilter', ['id', 'name'])))
              return false;
          } else if (lk === 'length') {
            if (!comparator(ls.length, lv, 'NumberComparator')) return false;
          } else if (lk === 'id' || lk === 'name') {
            if (!ls.some((l) => comparator(l[lk], lv, 'Comparator'))) return false;
          } else
            throw new GraphQLError(
              `Field "${lk}" is not defined by type "IssueLabelCollectionFilter".`,
            );
        }
        break;
      }
      default:
        throw new GraphQLError(`Field "${k}" is not defined by type "IssueFilter".`);
    }
  }
  return true;
}
