import type { TResource } from '@patchbay/schema';
import { conceptOf, leaves, normalise, TIME_FORMATS } from './field-match.ts';
import { namedTimeField } from './plan-periods.ts';
import { DATE_PATTERN, placeholderField } from './placeholders.ts';

// A line people shape with words instead of placeholders: `Surname, Givenname / Office / joined
// MM-DD-YYYY`. Word runs that name the record's fields become placeholders, a date pattern takes
// the time field its own words name ("joined" → the hire date), and the rest is literal text.
// The result is a template in the `<words>` form, grounded like any other (templates.ts).

/** What splits a line into runs: bars, dashes and slashes between spaces, brackets, commas. */
const SEPARATOR = /(\s+[-–—|/]\s+|\s*[|:;,()[\]]\s*|\s*[–—]\s*)/;

/** A date pattern's stand-in while the line is split, since "DD.MM.YYYY HH:mm" holds separators. */
const DATE_MARK = /\uE000(\d+)\uE000/;

/**
 * The template a worded line stands for, or undefined unless two runs at least name fields and no
 * literal run holds a digit (a digit is a sample value: the line is an example, not a pattern).
 */
export function wordPattern(text: string, resource: TResource): string | undefined {
  const dates: string[] = [];
  const global = new RegExp(DATE_PATTERN.source, 'g');
  const marked = text.replace(global, (pattern) =>
    /Y|D|H|h/.test(pattern) ? `\uE000${dates.push(pattern) - 1}\uE000` : pattern,
  );
  const parts = marked.split(SEPARATOR);
  let placeholders = 0;
  const out: string[] = [];
  for (const [i, part] of parts.entries()) {
    if (i % 2 === 1 || part.trim() === '') {
      out.push(part);
      continue;
    }
    const date = DATE_MARK.exec(part);
    if (date) {
      // "joined MM-DD-YYYY": the words stay, and the date is the field they name.
      const words = part.slice(0, date.index).trim();
      const field = words ? namedTimeField(words, resource) : undefined;
      if (!field || /\d/.test(words)) return undefined;
      out.push(part.replace(DATE_MARK, `<${field.path} ${dates[Number(date[1])]}>`));
      placeholders += 1;
      continue;
    }
    const named = fieldOf(part, resource);
    if (named) {
      out.push(`<${named}>`);
      placeholders += 1;
      continue;
    }
    // "Givenname Surname": each word a field of its own.
    const words = part.trim().split(/\s+/);
    const each = words.length > 1 ? words.map((w) => fieldOf(w, resource)) : [];
    if (each.length > 0 && each.every(Boolean)) {
      out.push(part.replace(part.trim(), each.map((p) => `<${p}>`).join(' ')));
      placeholders += each.length;
      continue;
    }
    if (/\d/.test(part)) return undefined;
    out.push(part);
  }
  // "name, email, phone" is a list of what to include, which the listed message reads with its
  // labels: a shape needs some text of its own or a separator other than a comma.
  const literal = (run: string) => run.replace(/<[^<>]+>/g, '').trim() !== '';
  const shaped = parts.some((part, i) =>
    i % 2 === 1 ? !/^\s*,\s*$/.test(part) : literal(out[i] ?? ''),
  );
  return placeholders >= 2 && shaped ? out.join('') : undefined;
}

/**
 * The field a run of words names outright: its name or last segment written as words
 * ("Givenname" is `given_name`), or the same concept ("E-mail" is `email_address`). A looser
 * reading ("last" for `last_name`) would turn literal words into values.
 */
function fieldOf(run: string, resource: TResource): string | undefined {
  const words = run.trim();
  // A part the prompt defined elsewhere comes as the field's own path.
  if (leaves(resource.schema, 4).some((l) => l.path === words)) return words;
  if (!/^[A-Za-z][A-Za-z _.'-]{0,40}$/.test(words)) return undefined;
  const field = placeholderField(words, resource);
  if (!field) return undefined;
  // "cancel date", "start time": a moment named with its word for a time.
  if (/\b(?:date|day|time)$/i.test(words) && TIME_FORMATS.has(field.schema.format ?? ''))
    return field.path;
  const said = normalise(words.replace(/^(?:the|their|its)\s+/i, ''));
  const leaf = normalise(field.path.split('.').at(-1) ?? '');
  if (said === normalise(field.path) || said === leaf) return field.path;
  const concept = conceptOf(words.replace(/\s+/g, '_'));
  return concept && concept === conceptOf(field.path) ? field.path : undefined;
}
