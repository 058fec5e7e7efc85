import { describe, expect, it } from 'vitest';
import { splitClauses, unaccountedClauses, wordsOf } from './prompt-clauses.ts';

describe('splitClauses', () => {
  it('splits sentences, bullets and the requests a comma or "and" joins', () => {
    expect(
      splitClauses(
        'Twice a day, pull the parcels from Depot and post each one to the dock chat. Thanks!\n' +
          '- leave out returns\n- put the weight in a field called kg, and mark them as synced',
      ).map((c) => c.text),
    ).toEqual([
      'Twice a day, pull the parcels from Depot',
      'post each one to the dock chat.',
      'Thanks!',
      'leave out returns',
      'put the weight in a field called kg',
      'mark them as synced',
    ]);
  });
});

describe('unaccountedClauses', () => {
  const used = new Set(wordsOf('Depot parcels dock chat weight kg'));

  it('names the clauses that ask for what no part of the plan does', () => {
    expect(
      unaccountedClauses(
        'Pull the parcels from Depot into the dock chat, and round the weight to whole kilos. Lovely day!',
        [],
        used,
      ),
    ).toEqual(['round the weight to whole kilos.']);
  });

  it('takes a clause the plan read a phrase from as accounted for, except for its other words', () => {
    const prompt = 'Only parcels heavier than 5 kg, sorted by courier';
    expect(unaccountedClauses(prompt, ['heavier than 5 kg'], used)).toEqual([
      'Only parcels heavier than 5 kg, sorted by courier',
    ]);
    expect(
      unaccountedClauses('Only parcels heavier than 5 kg', ['heavier than 5 kg'], used),
    ).toEqual([]);
  });

  it('leaves context and courtesy alone', () => {
    expect(
      unaccountedClauses(
        'Our warehouse folks asked for this last spring. Cheers and thanks a lot!',
        [],
        used,
      ),
    ).toEqual([]);
  });
});
