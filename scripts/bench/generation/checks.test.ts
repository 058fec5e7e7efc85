import { describe, expect, it } from 'vitest';
import { ZCheck, type Check } from './contract.ts';
import { runCheck } from './checks.ts';

// The strict checker: each rule has a case that passes and cases that must fail.

const check = (fields: Partial<Check> & Pick<Check, 'records'>): Check =>
  ZCheck.parse({ collection: 'contacts', key: 'email', ...fields });

const ada = {
  email: 'ada@example.com',
  name: 'Ada',
  tags: ['vip', 'eu'],
  address: { city: 'Oslo' },
};
const bob = { email: 'bob@example.com', name: 'Bob', tags: [], address: { city: 'Rome' } };

describe('pairing records by key', () => {
  it('passes when the destination holds exactly the expected records, extra vendor fields allowed', () => {
    const held = [
      { id: 2, created: 'x', ...bob },
      { id: 1, created: 'x', ...ada },
    ];
    expect(runCheck(check({ records: [ada, bob] }), held, 0)).toEqual([]);
  });

  it('reports a missing record', () => {
    expect(runCheck(check({ records: [ada, bob] }), [ada], 0)).toEqual([
      'contacts[email="bob@example.com"]: missing',
    ]);
  });

  it('reports a record held twice', () => {
    expect(runCheck(check({ records: [ada] }), [ada, { ...ada }], 0)).toEqual([
      'contacts[email="ada@example.com"]: held 2 times',
    ]);
  });

  it('reports an extra record', () => {
    const reasons = runCheck(check({ records: [ada] }), [ada, bob], 0);
    expect(reasons).toHaveLength(1);
    expect(reasons[0]).toMatch(/^contacts\[email="bob@example.com"\]: extra record /);
  });

  it('pairs by a dotted key', () => {
    const nested = check({ key: 'person.email', records: [{ person: { email: 'a@x' }, n: 1 }] });
    expect(runCheck(nested, [{ person: { email: 'a@x', id: 7 }, n: 1 }], 0)).toEqual([]);
    expect(runCheck(nested, [{ person: { email: 'b@x' }, n: 1 }], 0)).toHaveLength(2);
  });

  it('fails when the destination has no such collection', () => {
    expect(runCheck(check({ records: [] }), undefined, 0)).toEqual([
      'contacts: the destination has no collection "contacts"',
    ]);
  });

  it('an empty expectation passes only an empty collection', () => {
    expect(runCheck(check({ records: [] }), [], 0)).toEqual([]);
    expect(runCheck(check({ records: [] }), [ada], 0)).toHaveLength(1);
  });
});

describe('comparing fields', () => {
  const one = (expected: Record<string, unknown>, held: Record<string, unknown>) =>
    runCheck(check({ records: [{ email: 'a@x', ...expected }] }), [{ email: 'a@x', ...held }], 0);

  it('needs the same JSON type', () => {
    expect(one({ count: 5 }, { count: '5' })).toEqual([
      'contacts[email="a@x"]: count: expected 5 (number), got "5" (string)',
    ]);
    expect(one({ active: true }, { active: 'true' })).toHaveLength(1);
    expect(one({ note: null }, { note: '' })).toHaveLength(1);
    expect(one({ count: 5 }, { count: 5 })).toEqual([]);
  });

  it('needs every field the expected record names', () => {
    expect(one({ name: 'Ada' }, {})).toEqual([
      'contacts[email="a@x"]: name: missing, expected "Ada"',
    ]);
    expect(one({ name: 'Ada' }, { name: 'ada' })).toHaveLength(1);
  });

  it('compares nested objects field by field, deeply', () => {
    expect(one({ address: { city: 'Oslo' } }, { address: { city: 'Oslo', zip: '0150' } })).toEqual(
      [],
    );
    expect(one({ address: { city: 'Oslo' } }, { address: { city: 'Bergen' } })).toEqual([
      'contacts[email="a@x"]: address.city: expected "Oslo", got "Bergen"',
    ]);
  });

  it('compares arrays in order and by length', () => {
    expect(one({ tags: ['a', 'b'] }, { tags: ['a', 'b'] })).toEqual([]);
    expect(one({ tags: ['a', 'b'] }, { tags: ['b', 'a'] })).toHaveLength(1);
    expect(one({ tags: ['a', 'b'] }, { tags: ['a', 'b', 'c'] })).toHaveLength(1);
    expect(one({ lines: [{ sku: 'X', qty: 1 }] }, { lines: [{ sku: 'X', qty: 2 }] })).toEqual([
      'contacts[email="a@x"]: lines[0].qty: expected 1, got 2',
    ]);
  });

  it('reads a dotted field name as a path when the record has no such key', () => {
    expect(one({ 'address.city': 'Oslo' }, { address: { city: 'Oslo' } })).toEqual([]);
    expect(one({ 'address.city': 'Oslo' }, { address: { city: 'Rome' } })).toHaveLength(1);
  });
});

describe('matchers', () => {
  const one = (expected: unknown, held: Record<string, unknown>) =>
    runCheck(
      check({ records: [{ email: 'a@x', value: expected }] }),
      [{ email: 'a@x', ...held }],
      0,
    );

  it('$any: present and not null', () => {
    expect(one({ $any: true }, { value: 0 })).toEqual([]);
    expect(one({ $any: true }, { value: null })).toHaveLength(1);
    expect(one({ $any: true }, {})).toHaveLength(1);
  });

  it('$absent: missing or null', () => {
    expect(one({ $absent: true }, {})).toEqual([]);
    expect(one({ $absent: true }, { value: null })).toEqual([]);
    expect(one({ $absent: true }, { value: '' })).toHaveLength(1);
  });

  it('$regex: a string that matches', () => {
    expect(one({ $regex: '^INV-\\d+$' }, { value: 'INV-12' })).toEqual([]);
    expect(one({ $regex: '^INV-\\d+$' }, { value: 'inv-12' })).toHaveLength(1);
    expect(one({ $regex: '^\\d+$' }, { value: 12 })).toHaveLength(1);
  });

  it('$number: a number within 0.005', () => {
    expect(one({ $number: 12.5 }, { value: 12.504 })).toEqual([]);
    expect(one({ $number: 12.5 }, { value: 12.51 })).toHaveLength(1);
    expect(one({ $number: 12.5 }, { value: '12.5' })).toHaveLength(1);
  });
});

describe('order, forbidden fields and write counts', () => {
  it('ordered: the held records must come in the expected order', () => {
    const ordered = check({ key: 'n', ordered: true, records: [{ n: 1 }, { n: 2 }, { n: 3 }] });
    expect(runCheck(ordered, [{ n: 1 }, { n: 2 }, { n: 3 }], 0)).toEqual([]);
    expect(runCheck(ordered, [{ n: 2 }, { n: 1 }, { n: 3 }], 0)).toEqual([
      'contacts: wrong order: expected 1, 2, 3; got 2, 1, 3',
    ]);
    // Without `ordered`, the same records in another order pass.
    expect(runCheck({ ...ordered, ordered: false }, [{ n: 3 }, { n: 1 }, { n: 2 }], 0)).toEqual([]);
  });

  it('forbiddenFields: a held record may not have the field at all, even null', () => {
    const strict = check({
      records: [{ email: 'a@x' }],
      forbiddenFields: ['phone', 'meta.source'],
    });
    expect(runCheck(strict, [{ email: 'a@x', meta: {} }], 0)).toEqual([]);
    expect(runCheck(strict, [{ email: 'a@x', phone: null }], 0)).toEqual([
      'contacts[email="a@x"]: has the forbidden field phone = null',
    ]);
    expect(runCheck(strict, [{ email: 'a@x', meta: { source: 'x' } }], 0)).toHaveLength(1);
  });

  it('maxWrites: at most that many write requests during the run', () => {
    const batched = check({ records: [], maxWrites: 2 });
    expect(runCheck(batched, [], 2)).toEqual([]);
    expect(runCheck(batched, [], 3)).toEqual(['contacts: 3 write requests, at most 2 allowed']);
  });
});
