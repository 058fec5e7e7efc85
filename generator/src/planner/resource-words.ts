import type { TApiDescription, TResource } from '@patchbay/schema';
import { normalise } from './field-match.ts';
import type { PromptContext } from '../reader/read-prompt.ts';
import { escapeRegExp } from './text.ts';

// How a prompt names a resource: its names and plural forms, where they occur in the text, and
// where the destination half of the prompt begins. Choosing resources and reading stated
// mappings and filters all start here.

// ── Words ───────────────────────────────────────────────────────────────────────────────────

export function singular(word: string): string {
  if (/ies$/.test(word)) return word.replace(/ies$/, 'y');
  if (/(sses|xes|ches|shes)$/.test(word)) return word.replace(/es$/, '');
  if (/s$/.test(word) && !/ss$/.test(word)) return word.slice(0, -1);
  return word;
}

export function resourceNames(resource: TResource): string[] {
  return [resource.name, resource.plural, ...resource.aliases].map((n) => n.toLowerCase());
}

/** Where the prompt names a resource: index of the first word of the name, or -1. */
export function mentions(
  text: string,
  resource: TResource,
  description?: TApiDescription,
): Array<{ index: number; end: number }> {
  const lower = text.toLowerCase();
  // "typeform responses": the API's own name is not its `typeform` resource.
  const apiNames = new Set(
    description ? [description.name, description.id, ...description.aliases].map(normalise) : [],
  );
  const found = new Map<number, number>();
  for (const name of [...resourceNames(resource), ...headNouns(resource, description)]) {
    if (apiNames.has(normalise(name))) continue;
    const forms = [name, `${name}s`, name.replace(/y$/, 'ies'), name.replace(/-/g, ' ')];
    for (const form of forms) {
      const pattern = new RegExp(`(?<![a-z0-9])${escapeRegExp(form)}(?![a-z0-9])`, 'g');
      for (const m of lower.matchAll(pattern)) {
        found.set(m.index, Math.max(found.get(m.index) ?? 0, m.index + m[0].length));
      }
    }
  }
  return [...found.entries()]
    .map(([index, end]) => ({ index, end }))
    .sort((a, b) => a.index - b.index);
}

/**
 * "each submission of the form" names a form submission: the last word of a resource's
 * several-word name, when no other resource of the API goes by that word.
 */
function headNouns(resource: TResource, description: TApiDescription | undefined): string[] {
  if (!description) return [];
  const others = description.resources
    .filter((r) => r !== resource)
    .flatMap((r) => resourceNames(r).flatMap((n) => n.split(/\s+/)));
  return resourceNames(resource)
    .filter((name) => /\s/.test(name))
    .map((name) => name.split(/\s+/).at(-1) ?? '')
    .filter(
      (word) => word.length >= 4 && !others.includes(word) && !others.includes(singular(word)),
    );
}

/** The index where the destination part of the prompt starts ("… to Trello", "into …", "->"). */
export function splitIndex(text: string, context: PromptContext): number {
  const lower = text.toLowerCase();
  const dest = context.destApiName.trim().toLowerCase();
  const arrow = /(->|→|=>|\bto\b|\binto\b|\bonto\b|\bin\b)/g;
  let best = -1;
  for (const m of lower.matchAll(arrow)) {
    const after = lower.slice(m.index + m[0].length, m.index + m[0].length + 60);
    if (dest && after.includes(dest)) return m.index;
    if (best < 0 && m[0] !== 'in') best = m.index;
  }
  const at = dest ? lower.indexOf(dest) : -1;
  if (at > 0) return at;
  return best >= 0 ? best : Math.floor(text.length / 2);
}
