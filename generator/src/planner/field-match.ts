import type { TFieldSchema, TMappingRule, TResource } from '@patchbay/schema';

// Field mapping from two schemas (ADR 015): a destination field takes the source
// field with the same name (ignoring case and `_`/`-`), else the source field that means the same
// thing (a synonym group below), else a first/last name split or join. Pure functions over the
// descriptions' schemas; the template renderer turns the result into a FIELDS table.

/** `first_name`, `firstName`, `FirstName` → `firstname`. */
export function normalise(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Words that mean the same field in different APIs; each key is a concept. */
const CONCEPTS: Record<string, string[]> = {
  email: [
    'email',
    'emails',
    'emailaddress',
    'mail',
    'email_address',
    'primaryemail',
    'primaryemailaddr',
    'customeremail',
    'receiptemail',
    'billemail',
    'buyeremailaddress',
    'requesteremail',
  ],
  firstname: ['firstname', 'givenname', 'fname', 'first'],
  lastname: ['lastname', 'familyname', 'surname', 'lname', 'last'],
  name: [
    'name',
    'fullname',
    'displayname',
    'title',
    'summary',
    'subject',
    'realname',
    'customername',
    'contactname',
    'itemname',
    'taskname',
  ],
  description: [
    'description',
    'desc',
    'body',
    'notes',
    'note',
    'content',
    'text',
    'details',
    'descriptiontext',
    'textcontent',
    'bodyhtml',
    'htmlnotes',
    'privatenote',
    'markdowncontent',
    'comment',
  ],
  // What a person signs in as and is shown by (GitHub's `login`), apart from their real name.
  username: ['username', 'login', 'handle', 'screenname', 'userlogin', 'nickname'],
  phone: ['phone', 'phones', 'phonenumber', 'mobile', 'telephone', 'tel', 'primaryphone'],
  company: [
    'company',
    'companyname',
    'organization',
    'organisation',
    'org',
    'orgname',
    'accountname',
    'business',
  ],
  amount: [
    'amount',
    'total',
    'price',
    'totalprice',
    'totalamt',
    'amountdue',
    'value',
    'totalmoney',
    'amountmoney',
    'grandtotal',
  ],
  due: ['due', 'duedate', 'deadline', 'dueon', 'dueat', 'dueby', 'deadlinedate'],
  url: [
    'url',
    'link',
    'htmlurl',
    'permalinkurl',
    'permalink',
    'shorturl',
    'hostedinvoiceurl',
    'htmllink',
    'weburl',
    'website',
  ],
  status: ['status', 'state'],
  currency: ['currency', 'currencycode', 'currencyref'],
  tags: ['tags', 'labels', 'tag', 'label'],
  externalid: ['externalid', 'referenceid', 'uniqueexternalid', 'sourceid'],
};

/** Concepts a field is matched by only when the prompt names them. */
const PROMPT_ONLY = new Set(['username']);

const CONCEPT_OF = new Map<string, string>();
for (const [concept, words] of Object.entries(CONCEPTS)) {
  for (const word of words) CONCEPT_OF.set(normalise(word), concept);
}

/** Leaf names that say nothing alone (`emails.0.value`): the parent names the concept. */
const GENERIC_LEAVES = new Set([
  'value',
  'address',
  'content',
  'text',
  'plaintext',
  'amount',
  'number',
  'freeformnumber',
]);

/** The synonym concept of a word or a dotted path, if any. */
export function conceptOf(path: string): string | undefined {
  const parts = path.split('.').filter((part) => !/^\d+$/.test(part));
  const leaf = normalise(parts.at(-1) ?? '');
  const direct = CONCEPT_OF.get(leaf);
  if (direct && !(GENERIC_LEAVES.has(leaf) && parts.length > 1)) return direct;
  // `comment.public` is not a comment: only a generic leaf takes its parent's meaning.
  if (!GENERIC_LEAVES.has(leaf)) return direct;
  for (const part of parts.slice(0, -1).reverse()) {
    const concept = CONCEPT_OF.get(normalise(part));
    if (concept) return concept;
  }
  return direct;
}

const TIME_WORDS = /^(date|time|day|at|on|timestamp|datetime|string|utc|iso|gmt)$/;
export const TIME_FORMATS = new Set(['date-time', 'date', 'unix-time']);

/**
 * "paid date", "date created", "processed time" name the time field `paid_at`, `created`,
 * `processed_at`: the words and the field's name agree once the time words are set aside.
 */
export function namesTimeField(words: string, leaf: FieldLeaf): boolean {
  if (!TIME_FORMATS.has(leaf.schema.format ?? '')) return false;
  const stem = (text: string) =>
    text
      .toLowerCase()
      .split(/[^a-z0-9]+|(?<=[a-z])(?=[A-Z])/)
      .filter((w) => w && !TIME_WORDS.test(w))
      .join('');
  const said = stem(words);
  const name = stem((leaf.path.split('.').at(-1) ?? '').replace(/([a-z])([A-Z])/g, '$1_$2'));
  // "started" is `start`, "cancel date" `cancelled_at`: a verb's past form names its moment too.
  const base = (word: string) =>
    word
      .replace(/e?d$/, '')
      .replace(/e$/, '')
      .replace(/(.)\1$/, '$1');
  return said.length >= 3 && (said === name || base(said) === base(name));
}

/** A field reachable in a record, as a dotted path (`emails.0.value` for the first item). */
export interface FieldLeaf {
  path: string;
  schema: TFieldSchema;
  depth: number;
  /** The object the field is in, for nested fields. */
  parent?: TFieldSchema;
}

/** The fields of a record schema, nested objects flattened to dotted paths (depth-limited). */
export function leaves(schema: TFieldSchema | undefined, maxDepth = 3): FieldLeaf[] {
  const out: FieldLeaf[] = [];
  const walk = (node: TFieldSchema, prefix: string, depth: number) => {
    for (const [name, child] of Object.entries(node.properties ?? {})) {
      const path = prefix ? `${prefix}.${name}` : name;
      out.push({ path, schema: child, depth, ...(depth > 0 ? { parent: node } : {}) });
      if (depth >= maxDepth) continue;
      if (child.type === 'object' && child.properties) walk(child, path, depth + 1);
      if (child.type === 'array' && child.items?.type === 'object' && child.items.properties) {
        walk(child.items, `${path}.0`, depth + 1);
      }
    }
  };
  if (schema) walk(schema, '', 0);
  return out;
}

/**
 * The object that holds a record's own fields when the record keeps them one level down: Jira's
 * `fields`, JSON:API's `attributes`, Chargebee's `{subscription: {…}}`. An object with no listed
 * fields (Airtable's `fields`) is a bag of the user's own columns, not a wrapper.
 */
export function recordWrapper(resource: TResource): string | undefined {
  return Object.entries(resource.schema.properties ?? {}).find(
    ([key, schema]) =>
      schema.type === 'object' &&
      Object.keys(schema.properties ?? {}).length > 0 &&
      (/^(?:fields|attributes)$/.test(key) || normalise(key) === normalise(resource.name)),
  )?.[0];
}

/** A field of the record itself: at its top, or at the top of its wrapper. */
export function isOwnField(leaf: FieldLeaf, wrapper: string | undefined): boolean {
  if (leaf.depth === 0) return leaf.path !== wrapper;
  return wrapper !== undefined && leaf.depth === 1 && leaf.path.startsWith(`${wrapper}.`);
}

/** The field `words` name: its whole path, else its last part (the shallowest such field). */
export function fieldNamed(fields: readonly FieldLeaf[], words: string): FieldLeaf | undefined {
  const wanted = normalise(words);
  return (
    fields.find((l) => normalise(l.path) === wanted) ??
    fields
      .filter((l) => normalise(l.path.split('.').at(-1) ?? '') === wanted)
      .sort((a, b) => a.depth - b.depth)[0]
  );
}

/** What one destination field is filled with. */
export interface FieldRule {
  /** Dotted path in the record the destination receives. */
  to: string;
  /** Dotted path in the source record; absent for `value` and `join-name`. */
  from?: string;
  /** A fixed value (an id the prompt named). */
  value?: string;
  /** Text with `{source.path}` (or `{path|fallback}`) placeholders, filled per record. */
  template?: string;
  /**
   * first-name/last-name: a part of a full name; join-name: first and last joined; form-field:
   * `from` is a form's answer by its label (plan-form-answers.ts).
   */
  how?: 'first-name' | 'last-name' | 'join-name' | 'form-field';
  /** The join's two source fields. */
  parts?: [string, string];
  /** An amount rescaled between cents and whole units (amount-units.ts). */
  units?: { scale: 'minor-to-major' | 'major-to-minor'; currency?: string } | undefined;
  /** A span of time converted between units (duration-units.ts). */
  duration?: TMappingRule['duration'];
  /** A day moved by whole days (all-day-events.ts). */
  shiftDays?: number | undefined;
  /** Converting the value to what the destination takes. */
  type: TFieldSchema['type'];
  format?: string | undefined;
  fromFormat?: string | undefined;
  enum?: Array<string | number | boolean> | undefined;
  /** The prompt's value table ("gold → 3"): what each source value becomes. */
  values?: Array<{ from: string; to: string }> | undefined;
  /** What a value the table does not list becomes; without it, it passes as it is. */
  otherwise?: string | undefined;
  /** Why: exact, synonym, prompt, name split … (shown in the code's comments). */
  reason: string;
  /** Goes beside the container rather than in it (JSON:API's `type`, Notion's `parent`). */
  top?: boolean | undefined;
}

const PERSON_PARENT =
  /(^|\.)(requester|assignee|owner|author|creator|from|user|customer|contact|member|person|organizer|sender|reporter)s?$/i;

/**
 * Whether a source field's values can go in a target field: booleans only from booleans,
 * numbers from numbers or numeric text, and enums only when the two share a value (a status in
 * one API is rarely a status in another).
 */
function compatible(target: TFieldSchema, source: TFieldSchema): boolean {
  if (target.type === 'boolean' && source.type !== 'boolean') return false;
  if (
    (target.type === 'number' || target.type === 'integer') &&
    !['number', 'integer', 'string'].includes(source.type)
  ) {
    return false;
  }
  if (target.type === 'array' && source.type !== 'array') return false;
  if (target.enum) {
    if (!source.enum) return false;
    const values = new Set(target.enum.map((v) => String(v).toLowerCase()));
    return source.enum.some((v) => values.has(String(v).toLowerCase()));
  }
  return true;
}

function scalar(schema: TFieldSchema): boolean {
  return !['object'].includes(schema.type);
}

/** Keys of an object that only points at another record: `{ id, name }`, `{ key }`. */
const REFERENCE_KEYS = new Set(['id', 'gid', 'key', 'name', 'self', 'slug', 'value', 'type']);

function isReference(parent: TFieldSchema): boolean {
  const keys = Object.keys(parent.properties ?? {});
  return keys.length > 0 && keys.every((key) => REFERENCE_KEYS.has(key));
}

/**
 * The rule for one destination leaf, or undefined when nothing in the source fits. `explicit`
 * maps normalised destination names to source paths the prompt stated ("map email to Email").
 */
export function matchField(
  target: FieldLeaf,
  sourceLeaves: FieldLeaf[],
  explicit: Map<string, string>,
  /** The target has first and last name fields: its `title` is a job title, not a name. */
  personTarget = false,
): FieldRule | undefined {
  const base = {
    to: target.path,
    type: target.schema.type,
    format: target.schema.format,
    enum: target.schema.enum,
  };
  const stated =
    explicit.get(normalise(target.path)) ??
    explicit.get(normalise(target.path.split('.').at(-1) ?? ''));
  if (stated) {
    const found = sourceLeaves.find((l) => normalise(l.path) === normalise(stated));
    return {
      ...base,
      from: found?.path ?? stated,
      fromFormat: found?.schema.format,
      reason: 'the prompt',
    };
  }
  const personParent = PERSON_PARENT.test(target.path.split('.').slice(0, -1).join('.'));
  // `issuetype.name`, `project.key`, `status.id`: a reference to another record names that
  // record, never this one, so only the prompt fills it (a fixed value or a stated mapping).
  if (!personParent && target.parent && isReference(target.parent)) return undefined;
  const usable = sourceLeaves
    .filter((l) => scalar(l.schema) || target.schema.type === 'object')
    // A field with one allowed value (`type: "conversation"`, `object: "customer"`) says what
    // the record is, the same for all: no data to copy.
    .filter((l) => l.schema.enum?.length !== 1)
    .filter((l) => compatible(target.schema, l.schema))
    // `requester.name` takes a person's name (`author.name`), not the record's title.
    .filter(
      (l) =>
        !personParent ||
        PERSON_PARENT.test(l.path.split('.').slice(0, -1).join('.')) ||
        (l.depth === 0 && conceptOf(l.path) === 'email'),
    )
    .filter(
      (l) =>
        !l.schema.format || l.schema.format !== 'id' || conceptOf(target.path) === 'externalid',
    )
    .sort((a, b) => a.depth - b.depth);
  const leafName = normalise(target.path.split('.').at(-1) ?? '');
  const exact =
    usable.find((l) => normalise(l.path) === normalise(target.path)) ??
    usable.find((l) => l.depth === 0 && normalise(l.path) === leafName);
  if (exact && leafName !== 'id') {
    return { ...base, from: exact.path, fromFormat: exact.schema.format, reason: 'same name' };
  }
  const concept = conceptOf(target.path);
  // A login is copied only where the prompt asks for it: a field called username elsewhere (an
  // alert's responder, a contact's handle) names someone of that API, not the record's author.
  if (!concept || PROMPT_ONLY.has(concept)) return undefined;
  if (personTarget && concept === 'name' && /^(title|jobtitle|subject|summary)$/.test(leafName)) {
    return undefined;
  }
  const same = usable.find((l) => conceptOf(l.path) === concept);
  if (same) {
    return {
      ...base,
      from: same.path,
      fromFormat: same.schema.format,
      reason: `synonym (${concept})`,
    };
  }
  const full = usable.find((l) => conceptOf(l.path) === 'name');
  if ((concept === 'firstname' || concept === 'lastname') && full) {
    return {
      ...base,
      from: full.path,
      how: concept === 'firstname' ? 'first-name' : 'last-name',
      reason: `split from ${full.path}`,
    };
  }
  if (concept === 'name') {
    const first = usable.find((l) => conceptOf(l.path) === 'firstname');
    const last = usable.find((l) => conceptOf(l.path) === 'lastname');
    if (first && last) {
      return {
        ...base,
        how: 'join-name',
        parts: [first.path, last.path],
        reason: 'first and last name joined',
      };
    }
  }
  return undefined;
}

/** What a reference object is called by: PagerDuty's `service.summary`, GitHub's `user.login`. */
const DISPLAY_NAMES = ['name', 'display_name', 'summary', 'title', 'login', 'full_name'];

/**
 * "owner login", "customer email", "assignee": a field of a nested object, by the object's
 * name and then the field's (its display name when the words say "name" or say nothing more).
 */
export function ownerField(
  words: string,
  scalar: FieldLeaf[],
  wrapper?: string,
): FieldLeaf | undefined {
  const parts = words.trim().split(/\s+/);
  const last = parts.length > 1 ? normalise(parts.at(-1) ?? '') : 'name';
  const owner = normalise((parts.length > 1 ? parts.slice(0, -1) : parts).join(''));
  // The object's name, or a name ending in it (`primaryCustomer` for "customer"); inside the
  // record's wrapper (Jira's `fields.priority.name`) one level further down.
  const inWrapper = (l: FieldLeaf) => wrapper !== undefined && l.path.startsWith(`${wrapper}.`);
  const inOwner = scalar.filter((l) => {
    const parent = normalise(
      l.path
        .split('.')
        .slice(inWrapper(l) ? 1 : 0, -1)
        .join(''),
    );
    const depth = inWrapper(l) ? l.depth - 1 : l.depth;
    return depth === 1 && owner.length >= 3 && (parent === owner || parent.endsWith(owner));
  });
  const leaf = (l: FieldLeaf) => normalise(l.path.split('.').at(-1) ?? '');
  if (last === 'name' || last === 'title')
    for (const name of DISPLAY_NAMES) {
      const found = inOwner.find((l) => leaf(l) === normalise(name));
      if (found) return found;
    }
  return inOwner.find((l) => leaf(l) === last);
}
