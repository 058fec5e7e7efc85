import type { TFieldSchema } from '@patchbay/schema';
import { conceptOf, leaves, type FieldLeaf } from './field-match.ts';
import type { GroundedPlan } from './plan-types.ts';
import { plainCopies } from './plan-write.ts';

// Money counted in cents on one side and in whole units on the other (Stripe's `amount` into an
// invoice line's `UnitPrice`, a deal's `value` into a ledger's `amount_cents`): the rule rescales
// it by the record's own currency, since JPY has no cents and KWD has thousandths. What counts in
// minor units is what the description says (inMinorUnits).

export function scaleAmounts(text: string, plan: GroundedPlan): void {
  if (!plan.source) return;
  const sourceLeaves = leaves(plan.source.resource.schema);
  for (const { rule, from, to: described } of plainCopies(plan)) {
    // A column or property the description does not type is read by people: whole units.
    const to = described ?? { path: rule.to, schema: { type: 'number' as const }, depth: 0 };
    if (!isAmount(from) || !['number', 'integer', 'string'].includes(to.schema.type)) continue;
    if (to.schema.format && /date|time/.test(to.schema.format)) continue;
    const fromMinor = inMinorUnits(from);
    if (fromMinor === inMinorUnits(to)) continue;
    // "Amount -> Amount (keep it in cents)": the prompt wants the cents as they are.
    if (fromMinor && saysCents(text, rule.to)) continue;
    const currency = currencyBeside(from, sourceLeaves);
    rule.units = {
      scale: fromMinor ? 'minor-to-major' : 'major-to-minor',
      ...(currency ? { currency: currency.path } : {}),
    };
    plan.assumptions.push(
      `${rule.to} ← ${rule.from} ${fromMinor ? 'in whole units: the source counts in cents' : 'in cents: the destination counts in the currency’s smallest unit'}${currency ? ` (by ${currency.path}: none for JPY, thousandths for KWD)` : ''}.`,
    );
  }
}

/** Whether a sentence naming the field says its value is in cents. */
function saysCents(text: string, to: string): boolean {
  const name = (to.split('.').at(-1) ?? to).toLowerCase();
  return text
    .split(/(?<=[.!?;])\s+|\n/)
    .some((sentence) => sentence.toLowerCase().includes(name) && /\bin cents\b/i.test(sentence));
}

function isAmount(leaf: FieldLeaf): boolean {
  const numeric = ['number', 'integer'].includes(leaf.schema.type);
  return (
    (numeric || leaf.schema.type === 'string') &&
    (inMinorUnits(leaf) || (numeric && conceptOf(leaf.path) === 'amount'))
  );
}

/** The currency of an amount: a field beside it (`amount_money.currency`), else the record's. */
function currencyBeside(amount: FieldLeaf, fields: readonly FieldLeaf[]): FieldLeaf | undefined {
  const parent = amount.path.split('.').slice(0, -1).join('.');
  const currencies = fields.filter(
    (f) => conceptOf(f.path) === 'currency' && f.schema.type === 'string',
  );
  return (
    currencies.find((f) => f.path.split('.').slice(0, -1).join('.') === parent) ??
    currencies.filter((f) => f.depth === 0)[0]
  );
}

/** The record's money amount: the amount concept, else a field named like one (`amount_cents`). */
export function amountField(fields: FieldLeaf[]): FieldLeaf | undefined {
  const numeric = (l: FieldLeaf) =>
    ['number', 'integer', 'string'].includes(l.schema.type) && !l.schema.enum;
  return (
    fields.find((l) => conceptOf(l.path) === 'amount' && numeric(l)) ??
    fields.find((l) => /^(total|grand|amount)/i.test(l.path) && numeric(l)) ??
    fields.find((l) => /(amount|total|price|cents)/i.test(l.path) && numeric(l))
  );
}

/**
 * Whether a money field counts in the currency's minor unit (cents): its name says so
 * (`amount_cents`, `amount_in_cents`, `total_minor`) or its description does (Stripe's
 * "smallest currency unit").
 */
export function inMinorUnits(field: { path: string; schema: TFieldSchema }): boolean {
  const leaf = field.path.split('.').at(-1) ?? '';
  if (/(cents|_minor|minor_?units?)$/i.test(leaf) || /in_?cents/i.test(leaf)) return true;
  return /\bcents\b|smallest (currency )?unit|minor (currency )?units?/i.test(
    field.schema.description ?? '',
  );
}

/** Currencies people name by code when they keep only some records ("in EUR only"). */
const CURRENCY_CODES =
  'USD|EUR|GBP|JPY|CAD|AUD|NZD|CHF|SEK|NOK|DKK|PLN|CZK|HUF|INR|BRL|MXN|SGD|HKD|CNY|ZAR|AED';

/**
 * "charges in EUR only", "only GBP invoices", "only in USD": the records' currency, when they
 * keep one. A code without "only" is a unit to write amounts in ("the total in USD"), no filter.
 */
export function currencyFilter(
  text: string,
  fields: readonly FieldLeaf[],
): { field: string; value: string; phrase: string } | undefined {
  const m = new RegExp(
    String.raw`\bonly\s+(?:in\s+)?(${CURRENCY_CODES})\b|\b(?:in\s+)?(${CURRENCY_CODES})\s+only\b`,
  ).exec(text);
  if (!m) return undefined;
  const field = fields
    .filter((f) => conceptOf(f.path) === 'currency' && f.schema.type === 'string')
    .sort((a, b) => a.depth - b.depth)[0];
  return field && { field: field.path, value: m[1] ?? m[2] ?? '', phrase: m[0] };
}
