import { leaves } from './field-match.ts';
import type { GroundedPlan } from './plan-types.ts';
import { recordSchema } from './plan-write.ts';
import { escapeRegExp } from './text.ts';

// "Create a Jira Bug", "open a Jira task for each …": the word the prompt calls the written
// record by is its type, when the record has a type field whose choices include that word (an
// enum, or the choices its description lists). Only a word right after a creating verb, "as a"
// ("copy each one as a Task") or the destination's name counts, ending its noun phrase, in a clause without a condition: "for each
// bug in Sentry" names the records read, "add a bug label" a label.

/** The choices a description lists after "Choices…:", up to the end of its clause. */
function describedChoices(description: string | undefined): string[] {
  const list = /\bchoices\b[^:]*:\s*([^;.]+)/i.exec(description ?? '')?.[1] ?? '';
  return list
    .split(/\s*,\s*|\s+(?:and|or)\s+/)
    .map((choice) => choice.trim())
    .filter((choice) => /^[\w-]{2,30}$/.test(choice));
}

export function planRecordTypeWord(
  text: string,
  plan: GroundedPlan,
  destinationName: string,
): void {
  const write = plan.destination;
  if (!write) return;
  const typeFields = leaves(recordSchema(write), 3).filter(
    (leaf) =>
      leaf.schema.type === 'string' &&
      /(?:^|\.)(?:\w*type)(?:\.name)?$/i.test(leaf.path.replace(/^(?:input|fields)\./, '')),
  );
  for (const field of typeFields) {
    const parent = field.path.replace(/\.name$/, '');
    const taken = write.rules.some(
      (r) => r.to === field.path || r.to === parent || r.to.startsWith(`${parent}.`),
    );
    if (taken) continue;
    const choices = field.schema.enum?.map(String) ?? describedChoices(field.schema.description);
    if (choices.length === 0) continue;
    const name = destinationName.trim() ? `(?:${escapeRegExp(destinationName.trim())}\\s+)` : '';
    // The type word ends the record's noun phrase: "a bug label", "a subtask checklist" name
    // something else.
    const pattern = new RegExp(
      `\\b(?:(?:create|open|file|raise)s?\\s+(?:a|an|one)\\s+(?:new\\s+)?${name}?|as\\s+(?:a|an)\\s+(?:new\\s+)?${name}?|(?:a|an|one)\\s+(?:new\\s+)?${name})(${choices.map(escapeRegExp).join('|')})s?\\b(?!\\s+(?:label|tag|checklist|list|field|template|column)s?\\b)`,
      'i',
    );
    const m = pattern.exec(text);
    const word = m?.[1];
    if (!m || !word) continue;
    // "Make a story of it only if …, otherwise a Task": the type depends on the record.
    const clause = /^[^.;!?\n]*/.exec(text.slice(m.index))?.[0] ?? '';
    if (/\b(?:if|when|unless|otherwise|else)\b/i.test(clause)) continue;
    const value = choices.find((c) => c.toLowerCase() === word.toLowerCase()) ?? word;
    write.rules.push({ to: field.path, value, type: 'string', reason: 'the prompt' });
    plan.understood.push(`${field.path} is "${value}" for every record ("${m[0]}").`);
    const unfilled = (line: string) =>
      new RegExp(`field "${escapeRegExp(parent.split('.').at(-1) ?? parent)}"`).test(line);
    plan.unresolved = plan.unresolved.filter((line) => !unfilled(line));
    plan.blocking = plan.blocking.filter((line) => !unfilled(line));
  }
}
