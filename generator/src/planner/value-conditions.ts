// "Reviewer: the approver's login (blank when nobody approved)": a condition on what
// one field holds, not on which records are written. The filter readers get the prompt with
// these clauses blanked out (same length, so positions in it still hold).

const VALUE_CONDITION =
  /\b(?:(?:or|and)\s+)?(?:left\s+|leave\s+(?:it\s+|that\s+)?)?(?:empty|blank|null|none|nothing)\s+(?:if|when|where|whenever|in case)\b[^.;:)\n]*/gi;

/** A value chosen by a condition: "Tier: Gold if …, otherwise Basic". */
export interface ChosenValue {
  /** The words that name the field the value is for. */
  field: string;
  /** The value when the condition holds, and the one otherwise. */
  value: string;
  otherwise: string;
  condition: string;
  phrase: string;
  start: number;
  end: number;
}

/** What follows "otherwise" when it leaves records out, which makes the "if" a filter. */
const LEAVES_OUT =
  /^(?:skip|drop|ignore|leave|don['’]?t|do not|no\b|nothing|discard|exclude|omit|stop|forget)/i;

/**
 * "Tier: Gold if the plan is yearly, otherwise Basic", "with priority 4 when …, else 1": the
 * condition picks which value a field gets, so it says nothing of which records are written.
 * The words before the value must name one of `destinationFields` (any name, for a destination
 * that takes columns of any name: `open`), so "post it if …, otherwise email us" stays as it is.
 */
export function chosenValues(
  text: string,
  destinationFields: readonly string[],
  open = false,
): ChosenValue[] {
  const names = new Set(destinationFields.map((p) => squeeze(p.split('.').at(-1) ?? p)));
  const named = (words: string) => names.has(squeeze(words));
  const found: ChosenValue[] = [];
  for (const sentence of text.matchAll(/[^\n.;!?]+(?:[.!?](?=\S)[^\n.;!?]*)*/g)) {
    const first = conditionFirst(sentence[0], named);
    if (first) {
      found.push({
        ...first,
        start: sentence.index + first.start,
        end: sentence.index + first.end,
        phrase: sentence[0].slice(first.start, first.end).trim(),
      });
      continue;
    }
    const m = /^(.*)\b(?:if|when|whenever)\s+(.+?),?\s+(?:otherwise|else|or else)\b(.*)$/i.exec(
      sentence[0],
    );
    if (!m) continue;
    const [, before = '', condition = '', after = ''] = m;
    const written = /^\s*,?\s*([^,;]*?)(?=\s*(?:[,;]|\band\b|$))/i.exec(after)?.[1] ?? '';
    const otherwise = unquoted(written);
    if (!otherwise || LEAVES_OUT.test(otherwise) || otherwise.split(/\s+/).length > 4) continue;
    const labelled = /^(\s*(?:[-*•]\s*)?)([A-Za-z][\w .-]{0,40}?)\s*:\s*(.+?)\s*,?\s*$/.exec(
      before,
    );
    let at: { offset: number; field: string; value: string } | undefined;
    if (labelled && (open || named(labelled[2] ?? '')))
      at = {
        offset: labelled[1]?.length ?? 0,
        field: labelled[2] ?? '',
        value: labelled[3] ?? '',
      };
    // "…, with priority 4 if": the nearest clause whose words name a field sets it.
    const starts = [
      0,
      ...[...before.matchAll(/,|\b(?:with|set|and)\b/gi)].map((b) => b.index + b[0].length),
    ];
    for (const start of at ? [] : starts.reverse()) {
      const c =
        /^\s*(?:(?:the|its|their)\s+)?([A-Za-z][\w .-]{0,40}?)\s+(?:(?:to|as|=|is|of)\s+)?(\S+(?:\s+\S+)?)\s*,?\s*$/i.exec(
          before.slice(start),
        );
      if (!c || !named(c[1] ?? '')) continue;
      at = { offset: start + c[0].indexOf(c[1] ?? ''), field: c[1] ?? '', value: c[2] ?? '' };
      break;
    }
    if (!at || !at.value || at.value.split(/\s+/).length > 4) continue;
    const start = sentence.index + at.offset;
    const end =
      sentence.index + m[0].length - after.length + after.indexOf(written) + written.length;
    found.push({
      field: at.field.trim(),
      value: unquoted(at.value),
      otherwise,
      condition: condition.trim(),
      phrase: text.slice(start, end).trim(),
      start,
      end,
    });
  }
  return found;
}

/**
 * "When the order is a gift, the label is Gift, otherwise Standard": the condition first, then
 * the field (its last words name a destination field, after any noun of the record: "the ticket
 * priority") and its value, then the other value.
 */
function conditionFirst(
  sentence: string,
  named: (words: string) => boolean,
): Omit<ChosenValue, 'phrase'> | undefined {
  const m =
    /^(\s*(?:and\s+)?)(?:if|when|whenever)\s+(.+)\s+(?:is|=|should be|becomes|gets|will be)\s+["“'‘]?([^,;"”'’]+?)["”'’]?\s*[,;]?\s+(?:otherwise|else|or else)\s*,?\s*(?:it(?:'s| is)\s+|use\s+)?["“'‘]?([^,;"”'’]+?)["”'’]?\s*$/i.exec(
      sentence,
    );
  if (!m) return undefined;
  const [, lead = '', middle = '', value = '', otherwise = ''] = m;
  const words = middle.split(/\s+/);
  // The field's words end the middle part: one or two of them, after the condition.
  for (const size of [2, 1]) {
    if (words.length <= size) continue;
    const field = words.slice(-size).join(' ');
    if (!named(field)) continue;
    // "the ticket priority": the words before the field that name the record go with it.
    const condition = words
      .slice(0, -size)
      .join(' ')
      .replace(/,?\s*(?:then\s+)?(?:the|its|their)?\s*(?:\w+\s*)?$/i, '')
      .trim();
    if (!condition || !value || value.split(/\s+/).length > 4) return undefined;
    if (LEAVES_OUT.test(otherwise) || otherwise.split(/\s+/).length > 4) return undefined;
    return {
      field,
      value: unquoted(value),
      otherwise: unquoted(otherwise),
      condition,
      start: lead.length,
      end: sentence.length,
    };
  }
  return undefined;
}

function squeeze(words: string): string {
  return words.toLowerCase().replace(/[^a-z0-9]/g, '');
}

function unquoted(words: string): string {
  return words
    .trim()
    .replace(/^["“'‘`](.*)["”'’`]$/, '$1')
    .replace(/[.]$/, '');
}

export function withoutValueConditions(
  text: string,
  destinationFields: readonly string[] = [],
  open = false,
): string {
  let out = text.replace(VALUE_CONDITION, (clause) => ' '.repeat(clause.length));
  for (const { start, end } of chosenValues(text, destinationFields, open))
    out = out.slice(0, start) + ' '.repeat(end - start) + out.slice(end);
  return out;
}
