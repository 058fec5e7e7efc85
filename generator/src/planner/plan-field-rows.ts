import { type FieldLeaf, normalise } from './field-match.ts';

// Rows of a value table whose right side names destination fields with their values
// ("Billing → project FIN, issue type Task", "Web → project 12, task Build (34)"), or says the
// record is not wanted ("Spam → skip"). plan-value-tables.ts turns the first into one rule per
// field, each translating the same source field, and the second into a `not-in` filter.

/** A right side that says the record is not wanted: a filter, never a value. */
const SKIPS =
  /^(?:skip(?:ped)?(?:\s+(?:it|them))?|ignored?(?:\s+(?:it|them))?|leave\s+(?:it\s+|them\s+)?out|left\s+out|(?:don['’]?t|do\s+not|never)\s+(?:copy|sync|send|write|create|import|add|mirror|log)(?:\s+(?:it|them))?|not\s+(?:synced|copied|sent|written|created|imported|wanted)|drop(?:ped)?(?:\s+(?:it|them))?|[—–]+)$/i;

export function skipsRecord(right: string): boolean {
  return SKIPS.test(right.replace(/[.!]+$/, '').trim());
}

/** A left side that stands for every value the table does not list ("everything else"). */
const REST =
  /^(?:(?:everything|anything)\s+else|else|(?:all|any)\s+others?(?:\s+values?)?|(?:the\s+)?rest|others?|otherwise)$/i;

export function meansTheRest(left: string): boolean {
  // "everything else (the lower ones or none)": what the brackets add is only an example.
  return REST.test(left.replace(/\s*\([^)]*\)\s*$/, '').trim());
}

const THE_REST = String.raw`(?:(?:everything|anything)\s+else|the\s+rest|(?:all|any)\s+(?:the\s+)?others?(?:\s+\w+)?)`;

/**
 * The sentence right after a table, when it says what the values it does not list become:
 * "Anything else goes to project GEN.", "Skip the rest." As a row of the table.
 */
export function restSaid(after: string): { from: string; to: string } | undefined {
  const sentence = /^[^.!?\n]*/.exec(after.trim())?.[0].trim() ?? '';
  const skipped =
    new RegExp(
      String.raw`^${THE_REST}\s+(?:is|are|gets?)?\s*(?:skipped|ignored|left\s+out|dropped|not\s+(?:synced|copied|written))$`,
      'i',
    ).test(sentence) ||
    new RegExp(String.raw`^(?:skip|ignore|drop|leave\s+out)\s+${THE_REST}$`, 'i').test(sentence);
  if (skipped) return { from: 'everything else', to: 'skip' };
  const becomes = new RegExp(
    String.raw`^${THE_REST}\s+(?:goes\s+to|go\s+to|becomes?|gets?|→|->)\s+(.+)$`,
    'i',
  ).exec(sentence);
  return becomes?.[1] ? { from: 'everything else', to: becomes[1].trim() } : undefined;
}

export interface FieldCell {
  /** The words that named the field ("issue type"). */
  words: string;
  field: FieldLeaf;
  value: string;
}

/** A row's right side read as fields: those found, and the parts that name no field. */
export interface RowFields {
  cells: FieldCell[];
  unnamed: string[];
}

/**
 * "project FIN, issue type Task" → project.key = FIN, issuetype.name = Task. Each part is the
 * field's words, then its value; the longest words that name a field win. A number in
 * brackets after a name ("Build (34)") is the record's id.
 */
export function rowFields(right: string, destination: FieldLeaf[]): RowFields {
  const row: RowFields = { cells: [], unnamed: [] };
  for (const part of right.split(/\s*[,;]\s*/).filter((p) => p.trim() !== '')) {
    const words = part.trim().split(/\s+/);
    let cell: FieldCell | undefined;
    for (let n = Math.min(3, words.length - 1); n >= 1 && !cell; n--) {
      const label = words.slice(0, n).join(' ');
      const written = words
        .slice(n)
        .join(' ')
        .replace(/^["“']|["”']$/g, '');
      const bracketed = /^(.*?)\s*\((\d+)\)$/.exec(written);
      const id = bracketed?.[2] ?? (/^\d+$/.test(written) ? written : undefined);
      const field = fieldFor(label, id !== undefined, destination);
      if (!field) continue;
      const value = idField(field) && id !== undefined ? id : (bracketed?.[1] ?? written);
      cell = { words: label, field, value };
    }
    if (cell) row.cells.push(cell);
    else row.unnamed.push(part.trim());
  }
  return row;
}

/** An id rather than a name: `project_id`, `projectId`, `idList`, `project.id`. */
function idField(leaf: FieldLeaf): boolean {
  const last = leaf.path.split('.').at(-1) ?? '';
  return /^id$|_id$|[a-z]Id$|^id[A-Z]/.test(last);
}

/**
 * The destination field the words name: the field itself, its id form (`task_id`, `idList`), or
 * a field inside the object of that name (`project.key`, `project.id`). An id field for an id,
 * a name or key for a name, when both are there.
 */
function fieldFor(words: string, isId: boolean, destination: FieldLeaf[]): FieldLeaf | undefined {
  const wanted = normalise(words);
  if (wanted === '') return undefined;
  const last = (l: FieldLeaf) => normalise(l.path.split('.').at(-1) ?? '');
  const parent = (l: FieldLeaf) => normalise(l.path.split('.').slice(0, -1).join('.'));
  const candidates = destination.filter(
    (l) =>
      normalise(l.path) === wanted ||
      (l.depth === 0 && [`${wanted}id`, `id${wanted}`].includes(last(l))) ||
      (parent(l) === wanted && ['id', 'key', 'name'].includes(last(l))),
  );
  const ids = candidates.filter(idField);
  const names = candidates.filter((l) => !idField(l));
  // A project's key before its name: it is what people write for one ("FIN").
  const byName = names.find((l) => last(l) === 'key') ?? names[0];
  return isId ? (ids[0] ?? byName) : (byName ?? ids[0]);
}
