import type { TApiDescription, TFieldSchema, TResource } from '@patchbay/schema';
import {
  conceptOf,
  type FieldLeaf,
  type FieldRule,
  isOwnField,
  leaves,
  matchField,
  normalise,
  recordWrapper,
} from './field-match.ts';
import type { GroundedPlan, ReadPlan, WritePlan } from './plan-types.ts';
import { capitalise, escapeRegExp } from './text.ts';
import { type ListedColumn, listedColumns } from './column-list.ts';
import { propertyTypesRead } from './property-types.ts';
import { singular } from './resource-words.ts';
import { hintsFor, idFromPrompt, keyFromPrompt, useLookup } from './prompt-ids.ts';
import { formAnswerRules } from './plan-form-answers.ts';
import { customFieldsObject } from './open-properties.ts';
import { isIdLike, SKIPPED_DESTINATION } from './choose-operations.ts';
import { recordSchema, templateRules } from './plan-write.ts';
import { addressedValues, addressesFor, partyOfField, roleOfField } from './addressed-values.ts';
import {
  addressesSomeone,
  isBodyField,
  itemSiblingRules,
  messageBodyRule,
  recipientFromRecord,
} from './message-fields.ts';

// Which source field fills each destination field: the mappings the prompt states, else what
// the two schemas ground, Notion's typed properties and a sheet's columns. A required field that
// nothing fills blocks the write instead of sending it empty.

export function planMapping(
  text: string,
  stated: Array<{ from: string; to: string }>,
  plan: GroundedPlan,
  block: (message: string) => void,
) {
  const read = plan.source as ReadPlan;
  const write = plan.destination as WritePlan;
  const sourceLeaves = leaves(read.resource.schema);
  if (write.kind === 'message') return;
  const explicit = new Map<string, string>(stated.map((m) => [normalise(m.to), m.from]));
  for (const m of stated) plan.understood.push(`Field from the prompt: ${m.from} → ${m.to}.`);

  if (write.container?.kind === 'values-array') {
    // A sheet row: the columns the prompt names, else the record's main scalar fields.
    const listed = stated.length > 0 ? [] : listedColumns(text, read.resource, sourceLeaves);
    // A column left out shifts every later one: a wrong row, so the code stops instead.
    for (const column of listed.filter((c) => !c.from)) {
      block(
        `what goes in the column "${column.to}" (no field of ${read.resource.plural} is called that)`,
      );
    }
    const named =
      stated.length > 0
        ? stated.map((m) => m.from)
        : listed.flatMap((c) => (c.from ? [c.from] : []));
    const answers = typedAnswersField(read.resource.schema);
    const columns =
      named.length > 0
        ? named
        : [...defaultColumns(sourceLeaves, read.resource), ...(answers ? [answers] : [])];
    write.columns = columns.map(
      (c) => sourceLeaves.find((l) => normalise(l.path) === normalise(c))?.path ?? c,
    );
    if (answers && write.columns.includes(answers)) {
      write.spread = answers;
      plan.understood.push(
        `${read.resource.plural}' ${answers} are typed answers: each answer's value gets a cell of its own.`,
      );
    }
    // A row of nothing is a wrong write, not an empty one (ADR 015: a wrong write is worse than none).
    if (write.columns.length === 0) {
      block(
        `which ${read.resource.plural} fields go into the row's columns; name them in the prompt ("columns: email, name, total")`,
      );
      return;
    }
    write.rules = write.columns.map((from) => {
      const format = listed.find((c) => c.from === from)?.format;
      return {
        to: from,
        from,
        type: 'any',
        fromFormat: sourceLeaves.find((l) => l.path === from)?.schema.format,
        ...(format ? { format } : {}),
        reason: 'column',
      };
    });
    plan.understood.push(`Each record becomes one row: ${write.columns.join(', ')}.`);
    return;
  }

  const schema = recordSchema(write);
  if (write.container?.kind === 'object' && Object.keys(schema?.properties ?? {}).length === 0) {
    // User-defined columns (Airtable fields): the prompt's mapping, else the main fields.
    const listed = stated.length > 0 ? [] : listedColumns(text, read.resource, sourceLeaves);
    for (const column of listed.filter((c) => !c.from))
      plan.unresolved.push(`column "${column.to}": no field of ${read.resource.plural} matches it`);
    const found = listed.flatMap((c) => (c.from ? [{ to: c.to, from: c.from }] : []));
    const pairs =
      stated.length > 0
        ? stated.map((m) => ({
            to: m.to,
            from: sourceLeaves.find((l) => normalise(l.path) === normalise(m.from))?.path ?? m.from,
          }))
        : found.length > 0
          ? found
          : defaultColumns(sourceLeaves).map((from) => ({ to: titleCase(from), from }));
    if (stated.length === 0 && found.length === 0)
      plan.assumptions.push(
        `The ${write.resource.plural}' fields are not described: the main fields go to fields named ${pairs.map((p) => `"${p.to}"`).join(', ')}.`,
      );
    write.rules = pairs.map(({ to, from }) => ({
      to,
      from,
      type: 'any',
      fromFormat: sourceLeaves.find((l) => l.path === from)?.schema.format,
      reason: 'column',
    }));
    if (pairs.length === 0) {
      block(
        `which ${read.resource.plural} fields go to which ${write.resource.name} fields; name them in the prompt ("map email to Email")`,
      );
    } else plan.understood.push(`Fields: ${pairs.map((p) => `${p.to} ← ${p.from}`).join(', ')}.`);
    return;
  }
  if (write.container?.kind === 'typed-properties') {
    const listed = stated.length > 0 ? [] : listedColumns(text, read.resource, sourceLeaves);
    planTypedProperties(text, stated, listed, sourceLeaves, write, plan, block, schema);
  } else {
    const targets: FieldLeaf[] = leaves(schema, 2).filter(
      (leaf) =>
        !leaf.schema.readOnly &&
        // An object is a target only when text goes into it as a document (Jira's ADF).
        (leaf.schema.type !== 'object' || leaf.schema.format === 'adf') &&
        !SKIPPED_DESTINATION.test(leaf.path.split('.')[0] ?? '') &&
        !(leaf.schema.type === 'array' && leaf.schema.items?.type === 'object'),
    );
    const fixed = new Set<string>();
    const sourceIds = new Set([
      ...Object.values(read.pathParams),
      ...Object.values(read.query).map(String),
    ]);
    const personTarget = targets.some((t) =>
      ['firstname', 'lastname'].includes(conceptOf(t.path) ?? ''),
    );
    let templated = templateRules(
      text,
      read.resource,
      targets,
      new Set(requiredPaths(schema)),
      plan,
    );
    // A mapping the prompt states wins over a quoted value for the same field.
    templated = templated.filter((r) => r.value === undefined || !explicit.has(normalise(r.to)));
    write.rules.push(...templated);
    // A value the prompt gives for a field: an id after the field's own noun.
    const promptValue = (target: FieldLeaf, value: string): FieldRule => ({
      to: target.path,
      value,
      type: target.schema.type,
      reason: 'the prompt',
    });
    const addressed = addressedValues(text);
    // A write with a recipient field sends messages: its body is written after the loop, from
    // the prompt or as an assumption, never from a record's field that happens to share a name.
    const sendsMessages = targets.some((t) => roleOfField(t.path) === 'recipient');
    const statedFrom = new Set(stated.map((m) => m.from));
    for (const target of targets) {
      if (write.rules.some((rule) => rule.to === target.path)) continue;
      const stated = explicit.has(normalise(target.path));
      // "from ops@acme.example", "to +1 415 555 0142": an address the prompt gives for the
      // field's role. Inside an array of objects (`to.0.email`) each address gets an item;
      // a text field takes them comma-separated, as email APIs do.
      const addresses = stated ? [] : addressesFor(target, addressed);
      if (addresses.length > 0) {
        const item = /\.0\.([^.]+)$/.exec(target.path);
        if (item)
          addresses.forEach((value, i) =>
            write.rules.push(
              promptValue(
                { ...target, path: target.path.replace(/\.0\.([^.]+)$/, `.${i}.$1`) },
                value,
              ),
            ),
          );
        else write.rules.push(promptValue(target, addresses.join(', ')));
        continue;
      }
      // The sender, a copy or the reply-to are never a record's field of the same name; the
      // recipient's other fields (its name) follow the record only when the recipient does.
      const party = partyOfField(target.path);
      const toRecord = write.rules.some((r) => r.from && roleOfField(r.to) === 'recipient');
      if (party && party !== 'recipient' && !stated) continue;
      if (party === 'recipient' && roleOfField(target.path) === undefined && !toRecord) continue;
      if (sendsMessages && isBodyField(target.path) && !stated) continue;
      // "a note to each attendee": with no address given, the record's own email.
      const own = stated
        ? undefined
        : recipientFromRecord(text, target, read.resource, sourceLeaves);
      if (own) {
        write.rules.push({ to: target.path, from: own.path, type: 'string', reason: 'recipient' });
        plan.assumptions.push(
          `Each ${write.resource.name} goes to the ${read.resource.name}'s ${own.path}${own.said ? ` ("${own.said}")` : ': the prompt gives no address'}.`,
        );
        continue;
      }
      const top = target.path.split('.')[0] ?? '';
      if (isIdLike(target.path) && conceptOf(target.path) !== 'externalid') {
        const value = idFromPrompt(text, hintsFor(target.path.split('.').at(-1) ?? ''));
        // "gitlab project 4821 → todoist": the source's id is not the destination's project,
        // and "Harvest account 9911" is the account the calls are made in (a header), not a
        // field of each record.
        if (value && !sourceIds.has(value) && !Object.values(write.headers).includes(value)) {
          write.rules.push(promptValue(target, value));
          fixed.add(top);
        }
        continue;
      }
      // "asana project 1201…" → `projects: ["1201…"]`: an array of ids, or a field named after a
      // destination resource, takes the id the prompt gives after that noun.
      const leafName = target.path.split('.').at(-1) ?? '';
      const idList =
        target.schema.type === 'array' &&
        ['string', 'integer'].includes(target.schema.items?.type ?? '') &&
        !explicit.has(normalise(target.path));
      const namesResource = (plan.destinationDescription?.resources ?? []).some(
        (r) => r.name === singular(leafName.toLowerCase()),
      );
      if ((idList || namesResource) && target.schema.type !== 'boolean') {
        const value = idFromPrompt(text, [singular(leafName.toLowerCase())]);
        if (value && !sourceIds.has(value)) {
          write.rules.push(promptValue(target, value));
          continue;
        }
      }
      const rule = matchField(target, sourceLeaves, explicit, personTarget);
      // A field the prompt sent somewhere goes there only: "phone → Phone" is not also Mobile.
      const sentElsewhere =
        rule?.from !== undefined &&
        statedFrom.has(rule.from) &&
        !explicit.has(normalise(target.path));
      if (rule && !sentElsewhere) write.rules.push(rule);
    }
    // Answers kept under the form's own labels fill what no described field did.
    const answered = formAnswerRules(
      targets,
      write.rules,
      read.resource,
      new Set(requiredPaths(schema)),
    );
    write.rules.push(...answered);
    write.rules = withoutLoneItemNames(withoutRichTwins(write.rules, targets));
    if (answered.length > 0)
      plan.assumptions.push(
        `${read.resource.plural} keep their answers under the form's own labels: ${answered.map((r) => `${r.to} ← "${r.from?.split('.').at(-1)}"`).join(', ')}.`,
      );
    if (addressesSomeone(write.rules)) {
      const body = messageBodyRule(text, read.resource, targets, write.rules, sourceLeaves);
      if (body) write.rules.push(body.rule);
      if (body?.assumed) plan.assumptions.push(body.assumed);
    }
    const siblings = itemSiblingRules(text, schema, write.rules);
    write.rules.push(...siblings.rules);
    plan.assumptions.push(...siblings.assumed);
    // A destination without a title field whose required text is `content`/`text`/`body`
    // (Todoist tasks, chat-like notes): the record's title is that text, not its description.
    const required = new Set(requiredPaths(schema));
    const wrapper = recordWrapper(read.resource);
    const title = sourceLeaves.find(
      (l) => isOwnField(l, wrapper) && l.schema.type === 'string' && conceptOf(l.path) === 'name',
    );
    if (title && !targets.some((t) => conceptOf(t.path) === 'name')) {
      const text = targets.find(
        (t) =>
          required.has(t.path) && t.schema.type === 'string' && conceptOf(t.path) === 'description',
      );
      const current = write.rules.find((r) => r.to === text?.path);
      if (text && current?.reason !== 'the prompt' && current?.template === undefined) {
        write.rules = write.rules.filter((r) => r !== current);
        write.rules.push({
          to: text.path,
          from: title.path,
          type: text.schema.type,
          format: text.schema.format,
          fromFormat: title.schema.format,
          reason: `synonym (${title.path} is the required text)`,
        });
      }
    }
    // Explicit mappings to fields the schema does not list (custom fields) still go out, inside
    // the object that holds custom fields when the schema has one (Mailchimp's merge_fields).
    const custom = customFieldsObject(schema);
    for (const m of stated) {
      if (!write.rules.some((r) => normalise(r.to) === normalise(m.to))) {
        const to = custom && !m.to.includes('.') ? `${custom}.${m.to}` : m.to;
        if (schema?.additionalProperties === false && !custom)
          plan.unresolved.push(`${m.to}: not a field of ${write.operation.id}`);
        else write.rules.push({ to, from: m.from, type: 'any', reason: 'the prompt' });
      }
    }
    for (const name of requiredPaths(schema)) {
      const covered = write.rules.some((r) => r.to === name || r.to.startsWith(`${name}.`));
      if (!covered) {
        // A required choice the prompt names ("as subscribed"), else an id it gives.
        const choices = leaves(schema, 3).find((l) => l.path === name)?.schema.enum;
        const named = choices?.find((v) =>
          new RegExp(`\\b${escapeRegExp(String(v).toLowerCase())}\\b`).test(text.toLowerCase()),
        );
        const value =
          named !== undefined
            ? String(named)
            : idFromPrompt(text, hintsFor(name.split('.').at(-1) ?? name));
        // A required reference object ({ project: { key, id } }): "project OPS" is its key,
        // "project 10042" its id.
        const reference = leaves(schema, 3).find((l) => l.path === name)?.schema;
        const refKeys = Object.keys(reference?.properties ?? {});
        const refHints = hintsFor(name.split('.').at(-1) ?? name);
        const key = refKeys.includes('key') ? keyFromPrompt(text, refHints) : undefined;
        const refName =
          reference?.type === 'object' && refKeys.includes('name')
            ? referenceName(text, name.split('.').at(-1) ?? name, write.resource)
            : undefined;
        if (reference?.type === 'object' && key) {
          write.rules.push({ to: `${name}.key`, value: key, type: 'string', reason: 'the prompt' });
        } else if (refName) {
          write.rules.push({
            to: `${name}.name`,
            value: refName,
            type: 'string',
            reason: 'the prompt',
          });
        } else if (reference?.type === 'object' && value && refKeys.includes('id')) {
          write.rules.push({ to: `${name}.id`, value, type: 'string', reason: 'the prompt' });
        } else if (value)
          write.rules.push({ to: name, value, type: 'string', reason: 'the prompt' });
        else if (choices && exampleChoice(write.resource, name, choices) !== undefined) {
          // A required choice the prompt does not make: the description's example value, said
          // as a TODO so the user confirms it (Mailchimp's member status "subscribed").
          const example = String(exampleChoice(write.resource, name, choices));
          write.rules.push({ to: name, value: example, type: 'string', reason: 'the example' });
          plan.unresolved.push(
            `${name}: the prompt does not say, so every ${write.resource.name} gets "${example}", the value in ${write.resource.plural}' example (one of ${choices.join(', ')})`,
          );
        } else if (
          isIdLike(name) &&
          useLookup(
            text,
            plan.destinationDescription as TApiDescription,
            { kind: 'field', name },
            undefined,
            plan,
          )
        ) {
          write.rules.push({ to: name, value: '', type: 'string', reason: 'looked up' });
        } else
          block(
            `the required ${write.operation.id} field "${name}": nothing in ${read.resource.plural} maps to it and the prompt does not give it`,
          );
      }
    }
  }
  // Required fields beside the container with one allowed value (JSON:API's `type: "profile"`).
  if (write.container?.kind === 'object') {
    let outer = write.operation.body?.schema;
    if (write.envelope) outer = outer?.properties?.[write.envelope];
    for (const name of outer?.required ?? []) {
      const only = outer?.properties?.[name]?.enum;
      if (name === write.container.field || only?.length !== 1) continue;
      write.rules.push({
        to: name,
        value: String(only[0]),
        type: 'string',
        reason: 'the only value allowed',
        top: true,
      });
    }
  }
  if (write.rules.length > 0) plan.understood.push(fieldsLine(write.rules));
  else
    block(
      `no field of ${read.resource.plural} matches a field of ${write.operation.id}; name the mapping in the prompt ("map email to Email")`,
    );
}

/** The plan's line that lists every field rule. */
export function fieldsLine(rules: readonly FieldRule[]): string {
  const shown = rules.map(
    (r) =>
      `${r.to} ← ${r.value !== undefined ? JSON.stringify(r.value) : r.template !== undefined ? JSON.stringify(r.template) : r.how === 'join-name' ? r.parts?.join(' + ') : `${r.from}${r.how ? ` (${r.how})` : r.values ? ' (translated)' : ''}`}`,
  );
  return `Fields: ${shown.join(', ')}.`;
}

/** The resource example's value of a field, when it is one of the allowed choices. */
function exampleChoice(
  resource: TResource,
  path: string,
  choices: Array<string | number | boolean>,
): string | number | boolean | undefined {
  const value = path
    .split('.')
    .reduce<unknown>(
      (node, key) =>
        node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined,
      resource.example,
    );
  return choices.find((choice) => String(choice) === String(value));
}

/** Required fields as dotted paths, into required objects (`input.teamId`, `input.title`). */
export function requiredPaths(schema: TFieldSchema | undefined, prefix = ''): string[] {
  const out: string[] = [];
  for (const name of schema?.required ?? []) {
    const child = schema?.properties?.[name];
    const path = prefix ? `${prefix}.${name}` : name;
    if (child?.type === 'object' && child.required?.length) out.push(...requiredPaths(child, path));
    else out.push(path);
  }
  return out;
}

function titleCase(path: string): string {
  return path
    .split(/[_.\s]+/)
    .filter(Boolean)
    .map((w) => capitalise(w))
    .join(' ');
}

const NOTION_TYPES = [
  'title',
  'rich_text',
  'email',
  'number',
  'date',
  'url',
  'checkbox',
  'phone_number',
  'select',
  'multi_select',
  'status',
];

/**
 * A rich-text field beside a plain one for the same thing (Asana's `html_notes` beside `notes`)
 * takes no synonym once the plain one is filled: the text would go twice, and a plain text is
 * not the markup the rich field wants.
 */
function withoutRichTwins(rules: FieldRule[], targets: readonly FieldLeaf[]): FieldRule[] {
  const formatOf = (path: string) => targets.find((t) => t.path === path)?.schema.format;
  const plain = new Set(
    rules.filter((r) => formatOf(r.to) !== 'html').map((r) => conceptOf(r.to) ?? r.to),
  );
  return rules.filter(
    (r) =>
      !(
        formatOf(r.to) === 'html' &&
        r.reason?.startsWith('synonym') &&
        plain.has(conceptOf(r.to) ?? r.to)
      ),
  );
}

/**
 * A name inside a list's item (a calendar event's `attendees.0.displayName`) names the person or
 * thing the item stands for: filled by synonym from the record's own name alone, it would add a
 * made-up attendee called after the task. It stays only beside another field of the same item.
 */
function withoutLoneItemNames(rules: FieldRule[]): FieldRule[] {
  const item = (path: string) => /^(.*\.\d+)\.[^.]+$/.exec(path)?.[1];
  return rules.filter((rule) => {
    const owner = item(rule.to);
    if (!owner || !rule.reason?.startsWith('synonym')) return true;
    if (!/name|label|title/i.test(rule.to.split('.').at(-1) ?? '')) return true;
    return rules.some((other) => other !== rule && item(other.to) === owner);
  });
}

/** Notion-style properties: each destination name gets a typed value ({ title: [...] }). */
function planTypedProperties(
  text: string,
  stated: Array<{ from: string; to: string }>,
  listed: ListedColumn[],
  sourceLeaves: FieldLeaf[],
  write: WritePlan,
  plan: GroundedPlan,
  block: (message: string) => void,
  schema: TFieldSchema | undefined,
) {
  const plural = (plan.source as ReadPlan).resource.plural;
  const declared = Object.entries(schema?.properties ?? {});
  const types: Record<string, string> = {};
  const typeOf = (
    name: string,
    property: TFieldSchema | undefined,
    from: FieldLeaf | undefined,
  ): string => {
    const own = Object.keys(property?.properties ?? {}).find((k) => NOTION_TYPES.includes(k));
    if (own) return own;
    const concept = conceptOf(name) ?? (from ? conceptOf(from.path) : undefined);
    if (concept === 'name') return Object.values(types).includes('title') ? 'rich_text' : 'title';
    if (concept === 'email') return 'email';
    if (concept === 'phone') return 'phone_number';
    if (concept === 'url') return 'url';
    if (concept === 'amount' || from?.schema.type === 'number' || from?.schema.type === 'integer')
      return from?.schema.format === 'unix-time' ? 'date' : 'number';
    if (
      concept === 'due' ||
      from?.schema.format === 'date' ||
      from?.schema.format === 'date-time' ||
      from?.schema.format === 'unix-time'
    )
      return 'date';
    if (concept === 'status') return 'select';
    if (from?.schema.type === 'boolean') return 'checkbox';
    return 'rich_text';
  };
  const pairs: Array<{
    to: string;
    rule: FieldRule | undefined;
    property?: TFieldSchema | undefined;
  }> = [];
  if (stated.length > 0) {
    for (const m of stated) {
      const from = sourceLeaves.find((l) => normalise(l.path) === normalise(m.from));
      pairs.push({
        to: m.to,
        rule: {
          to: m.to,
          from: from?.path ?? m.from,
          type: 'any',
          fromFormat: from?.schema.format,
          reason: 'the prompt',
        },
        property: schema?.properties?.[m.to],
      });
    }
  } else if (listed.length > 0) {
    // The columns the prompt lists, each from the field it names or describes.
    for (const column of listed) {
      if (!column.from) {
        block(`what goes in the property "${column.to}" (no field of ${plural} is called that)`);
        continue;
      }
      const leaf = sourceLeaves.find((l) => l.path === column.from);
      pairs.push({
        to: column.to,
        rule: {
          to: column.to,
          from: column.from,
          type: 'any',
          fromFormat: leaf?.schema.format,
          reason: 'column',
        },
      });
    }
  } else if (declared.length > 0) {
    for (const [name, property] of declared) {
      pairs.push({
        to: name,
        rule: matchField(
          { path: name, schema: { type: 'string' }, depth: 0 },
          sourceLeaves,
          new Map(),
        ),
        property,
      });
    }
  } else {
    // No schema for the database's columns: the record's main fields under their own names.
    for (const from of defaultColumns(sourceLeaves)) {
      const leaf = sourceLeaves.find((l) => l.path === from);
      pairs.push({
        to: capitalise(from.replace(/_/g, ' ')),
        rule: {
          to: from,
          from,
          type: 'any',
          fromFormat: leaf?.schema.format,
          reason: 'main field',
        },
      });
    }
    plan.assumptions.push(
      'The database columns are not described: the main fields go to properties of the same name, capitalised.',
    );
  }
  // Title first, so the first name-like field becomes the page title.
  pairs.sort((a, b) => Number(conceptOf(b.to) === 'name') - Number(conceptOf(a.to) === 'name'));
  for (const pair of pairs) {
    if (!pair.rule) continue;
    const from = sourceLeaves.find((l) => l.path === pair.rule?.from);
    types[pair.to] = typeOf(pair.to, pair.property, from);
    write.rules.push({ ...pair.rule, to: pair.to });
  }
  write.propertyTypes = types;
  if (!Object.values(types).includes('title'))
    block('a title for the page: no field of the source maps to the database title');
  // The parent database (or data source) comes from the prompt.
  const body = write.operation.body?.schema;
  const parentField = Object.keys(body?.properties ?? {}).find((k) => k === 'parent');
  if (parentField) {
    const parentSchema = body?.properties?.[parentField];
    const key =
      Object.keys(parentSchema?.properties ?? {}).find((k) =>
        /database_id|data_source_id|page_id/.test(k),
      ) ?? 'database_id';
    const value = idFromPrompt(text, hintsFor(key)) ?? idFromPrompt(text, ['database', 'db']);
    if (value) {
      write.rules.push({ to: `parent.${key}`, value, type: 'string', reason: 'the prompt' });
      const types = propertyTypesRead(write, plan.destinationDescription);
      if (types)
        plan.understood.push(
          `The property types are read from the database first (${types.operation.method} ${types.operation.path}); those guessed from the names stand only for a property it does not list.`,
        );
    } else
      block(
        `the ${hintsFor(key).join(' ')} to add pages to (name it in the prompt, e.g. "database 1a2b3c...")`,
      );
  }
}

/**
 * A list of typed answers: an array of objects whose `type` enum names sibling keys holding the
 * value ({ type: 'email', email: 'a@b.c' }), as form APIs answer (Typeform's `answers`).
 */
export function typedAnswersField(schema: TFieldSchema | undefined): string | undefined {
  for (const [name, field] of Object.entries(schema?.properties ?? {})) {
    const item = field.type === 'array' ? field.items : undefined;
    const types = item?.properties?.type?.enum?.map(String) ?? [];
    const keys = Object.keys(item?.properties ?? {});
    if (types.filter((t) => keys.includes(t)).length >= 2) return name;
  }
  return undefined;
}

function defaultColumns(sourceLeaves: FieldLeaf[], resource?: TResource): string[] {
  const order = [
    'name',
    'firstname',
    'lastname',
    'email',
    'phone',
    'company',
    'amount',
    'currency',
    'status',
    'due',
    'url',
  ];
  const out: string[] = [];
  for (const concept of order) {
    const leaf = sourceLeaves.find(
      (l) =>
        l.depth === 0 &&
        conceptOf(l.path) === concept &&
        l.schema.type !== 'object' &&
        l.schema.type !== 'array',
    );
    if (leaf && !out.includes(leaf.path)) out.push(leaf.path);
  }
  const created =
    sourceLeaves.find(
      (l) => l.depth === 0 && /^(created|created_at|createdAt|add_time|added_at)$/.test(l.path),
    ) ?? sourceLeaves.find((l) => l.depth === 0 && l.path === resource?.createdField);
  const id = sourceLeaves.find(
    (l) =>
      l.depth === 0 &&
      l.schema.type !== 'object' &&
      (/^(id|gid|Id)$/.test(l.path) || l.path === resource?.idField),
  );
  return [...(id ? [id.path] : []), ...out, ...(created ? [created.path] : [])];
}

/**
 * The name the prompt gives a required reference: after its own words ("issue type Task",
 * "priority: High"), or, for a kind of record, before the record's noun ("as Bug issues").
 */
function referenceName(text: string, field: string, resource: TResource): string | undefined {
  const wanted = normalise(field);
  for (const m of text.matchAll(
    /\b([A-Za-z]+(?:[\s_-][A-Za-z]+)?)\s*[:=]?\s*["'`“]?([A-Z][\w-]*(?: [A-Z][\w-]*)?)["'`”]?/g,
  )) {
    if (normalise(m[1] ?? '') === wanted && m[2]) return m[2];
  }
  if (/type|kind|category/i.test(field)) {
    const nouns = [resource.name, resource.plural, ...resource.aliases].map(escapeRegExp).join('|');
    const before = new RegExp(
      `\\bas\\s+(?:an?\\s+)?["'\`“]?([A-Z][\\w-]*)["'\`”]?\\s+(?:${nouns})s?\\b`,
      'i',
    ).exec(text);
    if (before?.[1] && /^[A-Z]/.test(before[1])) return before[1];
  }
  return undefined;
}
