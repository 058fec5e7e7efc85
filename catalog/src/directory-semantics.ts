import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import {
  ZAuthScheme,
  ZPagination,
  ZResource,
  type TApiDescription,
  type TOperation,
} from '@patchbay/schema';

// The semantics layer (ADR 036): what a public OpenAPI document does not say but a vendor's
// reference does, for the most used directory APIs that have no curated entry: the names people
// know the API by (a former name included), how it really authenticates, the scopes a new
// connection should ask for, the parameters that bring back fields only when asked for, and how
// a list really pages. Each fact names the vendor page it comes from. The files are data
// (catalog/directory/semantics/<id>.json), applied over the distilled description when it is
// read, so a re-distil keeps them; a fact that no longer fits its description fails the tests.

export const SEMANTICS_DIR = join(import.meta.dirname, '..', 'directory', 'semantics');

const zSource = z.url({ protocol: /^https$/ });

/**
 * Which operations a fact is about: their ids in the distilled description, or every operation
 * that takes a query parameter (Twitter's `pagination_token`, YouTube's `part`).
 */
const ZOperationSelector = z.union([
  z.array(z.string().min(1)).min(1),
  z.strictObject({ taking: z.string().min(1) }),
]);
export type TOperationSelector = z.infer<typeof ZOperationSelector>;

/** What people call an API besides the document's title, and what it used to be called. */
const ZNames = z.strictObject({
  /** "GCS", "Firestore", "PayPal POS". */
  aliases: z.array(z.string().min(1).max(100)).default([]),
  /** What the API or its vendor used to be called ("Nexmo", "ZEIT", "Twitter", "iZettle"). */
  formerNames: z.array(z.string().min(1).max(100)).default([]),
  source: zSource,
});

/**
 * Names alone, for renamed APIs outside the 30 (catalog/directory/names.json): matching a
 * former name needs no other fact.
 */
export const ZDirectoryNames = z.array(ZNames.extend({ api: z.string().min(1) }));

export const ZDirectorySemantics = z.strictObject({
  /** The directory id the facts are about. */
  api: z.string().min(1),
  /** Why it is in the layer: its place by the monthly downloads of the vendor's Node client. */
  rank: z.number().int().positive(),
  client: z.strictObject({
    package: z.string().min(1),
    downloadsAMonth: z.number().int().positive(),
  }),
  names: ZNames.optional(),
  auth: z
    .strictObject({
      /** The schemes a connection uses, first the default, when the document gets them wrong. */
      schemes: z.array(ZAuthScheme).min(1).optional(),
      /** The scopes a new OAuth connection asks for: the narrowest that fit common tasks. */
      scopes: z.array(z.string().min(1).max(200)).min(1).optional(),
      keyHelp: z.string().min(1).max(400).optional(),
      source: zSource,
    })
    .optional(),
  /** Fields a response carries only when a parameter asks for them. */
  askForFields: z
    .array(
      z.strictObject({
        param: z.string().min(1),
        operations: ZOperationSelector,
        /** What to send, and what comes back without it. */
        note: z.string().min(1).max(300),
        source: zSource,
      }),
    )
    .default([]),
  /** How lists really page, where the importer could not tell or guessed wrong. */
  paging: z
    .array(
      z.strictObject({
        operations: ZOperationSelector,
        pagination: ZPagination,
        itemsPath: z.string().optional(),
        source: zSource,
      }),
    )
    .default([]),
  /** Writes that nest a record's fields in a container (Firestore's typed `fields`). */
  containers: z
    .array(
      z.strictObject({
        resource: z.string().min(1),
        container: ZResource.shape.container.unwrap(),
        source: zSource,
      }),
    )
    .default([]),
});
export type TDirectorySemantics = z.infer<typeof ZDirectorySemantics>;

let cached: ReadonlyMap<string, TDirectorySemantics> | undefined;

/** Every semantics file, by directory id. Throws naming the file that does not parse. */
export function loadSemantics(dir = SEMANTICS_DIR): ReadonlyMap<string, TDirectorySemantics> {
  if (cached && dir === SEMANTICS_DIR) return cached;
  const byId = new Map<string, TDirectorySemantics>();
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
  for (const file of files.sort()) {
    const parsed = ZDirectorySemantics.safeParse(JSON.parse(readFileSync(join(dir, file), 'utf8')));
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      throw new Error(`${file}: ${first?.path.join('.') ?? ''}: ${first?.message ?? 'invalid'}`);
    }
    if (`${parsed.data.api}.json` !== file)
      throw new Error(`${file}: describes "${parsed.data.api}"; name the file after it`);
    byId.set(parsed.data.api, parsed.data);
  }
  if (dir === SEMANTICS_DIR) cached = byId;
  return byId;
}

export const NAMES_FILE = join(import.meta.dirname, '..', 'directory', 'names.json');

let cachedNames: ReadonlyMap<string, string[]> | undefined;

/**
 * The names the layer gives each API, from its semantics file or names.json: aliases, then
 * former names. An API named in both is a mistake, and throws.
 */
export function directoryNames(): ReadonlyMap<string, string[]> {
  if (cachedNames) return cachedNames;
  const byId = new Map<string, string[]>();
  for (const [id, semantics] of loadSemantics())
    if (semantics.names) byId.set(id, [...semantics.names.aliases, ...semantics.names.formerNames]);
  const renamed = existsSync(NAMES_FILE)
    ? ZDirectoryNames.parse(JSON.parse(readFileSync(NAMES_FILE, 'utf8')))
    : [];
  for (const entry of renamed) {
    if (byId.has(entry.api))
      throw new Error(`names.json: "${entry.api}" is named in its semantics file already`);
    byId.set(entry.api, [...entry.aliases, ...entry.formerNames]);
  }
  cachedNames = byId;
  return byId;
}

/** The operations a selector picks; throws when it picks none, so a stale fact is noticed. */
function selected(
  description: TApiDescription,
  selector: TOperationSelector,
  what: string,
  kinds?: readonly TOperation['kind'][],
): Set<TOperation> {
  const all = description.resources
    .flatMap((r) => r.operations)
    .filter((o) => Array.isArray(selector) || !kinds || kinds.includes(o.kind));
  const picked = Array.isArray(selector)
    ? selector.map((id) => {
        const op = all.find((o) => o.id === id);
        if (!op) throw new Error(`${description.id}: ${what}: no operation "${id}"`);
        return op;
      })
    : all.filter((o) => o.params.some((p) => p.name === selector.taking && p.in === 'query'));
  if (picked.length === 0)
    throw new Error(`${description.id}: ${what}: no operation takes "${JSON.stringify(selector)}"`);
  return new Set(picked);
}

/**
 * The distilled description with the vendor's semantics laid over it (its names are added by
 * directoryDescription, with those of names.json). Pure: the same inputs give
 * the same description, and the input is not changed. Throws when a fact names an operation,
 * parameter or resource the description lacks.
 */
export function applySemantics(
  description: TApiDescription,
  semantics: TDirectorySemantics,
): TApiDescription {
  const out = structuredClone(description);

  const { auth } = semantics;
  if (auth?.schemes) out.auth.schemes = structuredClone(auth.schemes);
  if (auth?.scopes) {
    const oauth = out.auth.schemes.find((s) => s.type === 'oauth');
    if (!oauth) throw new Error(`${description.id}: auth.scopes: the API has no OAuth scheme`);
    oauth.scopes = [...auth.scopes];
  }
  if (auth?.keyHelp) out.auth.keyHelp = auth.keyHelp;

  for (const [n, fact] of semantics.askForFields.entries()) {
    for (const op of selected(out, fact.operations, `askForFields[${n}]`)) {
      const param = op.params.find((p) => p.name === fact.param && p.in === 'query');
      if (param) param.description = fact.note;
      else
        op.params.push({
          name: fact.param,
          in: 'query',
          required: false,
          schema: { type: 'string' },
          description: fact.note,
        });
    }
  }

  for (const [n, fact] of semantics.paging.entries()) {
    for (const op of selected(out, fact.operations, `paging[${n}]`, ['list', 'search'])) {
      if (op.kind !== 'list' && op.kind !== 'search')
        throw new Error(`${description.id}: paging[${n}]: "${op.id}" is not a list`);
      op.pagination = structuredClone(fact.pagination);
      if (fact.itemsPath !== undefined) op.itemsPath = fact.itemsPath;
    }
  }

  for (const [n, fact] of semantics.containers.entries()) {
    const resource = out.resources.find((r) => r.name === fact.resource);
    if (!resource)
      throw new Error(`${description.id}: containers[${n}]: no resource "${fact.resource}"`);
    resource.container = { ...fact.container };
  }
  return out;
}
