/* eslint-disable @typescript-eslint/no-unused-vars -- more helpers of grounded-runtime.js, which grounded-code.ts copies in right after it: related records, lookups, dedupe, fields */
/* global LOOKUPS, LOOKUP_CALLS, LOOKUP_PATHS, SOURCE_PATH, WRITE_PATH, DEDUPE_PATH, SOURCE, WRITE, FIELDS, FILTERS, CURSOR, SORT, DEDUPE, MISSING, RELATED, MAX_PAGES, MAX_ITEMS_PER_RUN, REMEMBER, listPage, writeBody, readExisting */
/* global listAt, nextPage, passes -- defined in grounded-runtime.js, copied into the same program */
// ── Related records ─────────────────────────────────────────────────────────────────────────

// Each id field in RELATED gets the record it names ("customer.email" reads the customer's
// email), one get per id. A record that is gone keeps its id, and the run log says so.
async function fetchRelated(ctx, items) {
  for (const related of RELATED) {
    // Kept for the whole run: records fetched one at a time share their gets.
    const records = (related.records ??= new Map());
    for (const item of items) {
      const id = getField(
        item,
        related.idKey ? `${related.field}.${related.idKey}` : related.field,
      );
      if (id === undefined || id === null || id === '' || typeof id === 'object') continue;
      if (!records.has(id)) {
        try {
          const answer = await related.get(ctx, { [related.param]: id });
          records.set(id, related.recordPath ? getField(answer, related.recordPath) : answer);
        } catch (error) {
          if (error?.status !== 404) throw error;
          ctx.log(`${related.field} ${id} was not found (404): its fields stay empty`);
          records.set(id, undefined);
        }
      }
      const record = records.get(id);
      if (record === undefined) continue;
      // A reference object keeps what it carried (its name) beside the record's fields.
      const own = getField(item, related.field);
      setField(
        item,
        related.field,
        related.idKey && own && typeof own === 'object' ? { ...own, ...record } : record,
      );
    }
  }
}

const insideRelated = (filter) => RELATED.some((r) => filter.field.startsWith(`${r.field}.`));

// Conditions on a related record's fields need its get first. The record's own conditions go
// first, and gets stop once more records pass than a run writes, so the reads stay in budget.
async function passingWithRelated(ctx, items, now) {
  const passing = [];
  for (const item of items) {
    if (!passes(item, now, (filter) => !insideRelated(filter))) continue;
    if (passing.length > MAX_ITEMS_PER_RUN) break;
    await fetchRelated(ctx, [item]);
    if (passes(item, now)) passing.push(item);
  }
  return passing;
}

// ── Lookups ────────────────────────────────────────────────────────────────────────────────

// Fills the ids the prompt gave by name ("list 'To Do'", "#billing", "the Support mailbox") from
// that side's list: the record whose name matches, else (no name given) the first one. Each id
// found also fills the blank ids of later lookups on the same side (a site, then its forms).
async function resolveLookups(ctx) {
  const found = {};
  for (const [i, lookup] of LOOKUPS.entries()) {
    const callPath = lookup.side === 'source' ? SOURCE_PATH : WRITE_PATH;
    for (const name of Object.keys(LOOKUP_PATHS[i]))
      if (LOOKUP_PATHS[i][name] === '')
        LOOKUP_PATHS[i][name] = found[`${lookup.side} ${name}`] ?? callPath[name];
    const record = await findRecord(ctx, i, lookup);
    if (!record) {
      throw new ctx.NonRetryableError(
        `No ${lookup.resource} ${lookup.name === null ? 'at all' : `named "${lookup.name}"`} for ${lookup.target.name}`,
      );
    }
    const id = getField(record, lookup.idField);
    found[`${lookup.side} ${lookup.target.name}`] = id;
    if (lookup.side === 'source') fillSource(lookup.target, id);
    else fillDestination(lookup.target, id);
  }
}

// The lookup's record, read page after page (up to 10) until it turns up.
async function findRecord(ctx, i, lookup) {
  let page = { path: null, query: {} };
  // The caller's own record (GET /users/me) is the answer itself, not a list to search.
  if (lookup.caller) {
    const body = await LOOKUP_CALLS[i](ctx, page);
    return lookup.itemsPath ? getField(body, lookup.itemsPath) : body;
  }
  if (lookup.pagination.style === 'page')
    page.query[lookup.pagination.pageParam] = lookup.pagination.firstPage;
  for (let pages = 1; pages <= 10; pages += 1) {
    const body = await LOOKUP_CALLS[i](ctx, page);
    const list = listAt(body, lookup.itemsPath, `the ${lookup.side}`);
    const record = lookup.name === null ? list[0] : namedRecord(list, lookup);
    if (record) return record;
    const next = nextPage(lookup, body, list, page);
    if (!next) return undefined;
    page = next;
  }
  return undefined;
}

// The record known by the lookup's name: by its name field, else by any text it holds that is
// the name or names its host ("shop.example" for a site whose domain is https://shop.example).
function namedRecord(list, lookup) {
  const wanted = keyOf(lookup.name).replace(/^#/, '');
  const byName = list.find(
    (record) => keyOf(getField(record, lookup.nameField)).replace(/^#/, '') === wanted,
  );
  if (byName) return byName;
  const texts = (value, depth) =>
    typeof value === 'string'
      ? [value]
      : value && typeof value === 'object' && depth < 3
        ? Object.values(value).flatMap((inner) => texts(inner, depth + 1))
        : [];
  const names = (text) => {
    const key = keyOf(text);
    return (
      key === wanted || key.replace(/^(https?:\/\/)?(www\.)?/, '').replace(/\/$/, '') === wanted
    );
  };
  return list.find((record) => texts(record, 0).some(names));
}

function fillSource(target, id) {
  if (target.kind === 'path') SOURCE_PATH[target.name] = id;
  else SOURCE.query[target.name] = target.list ? [id] : id;
}

function fillDestination(target, id) {
  if (target.kind === 'path') WRITE_PATH[target.name] = id;
  else FIELDS.find((field) => field.to === target.name).value = id;
  // A de-duplication list on the same container waits for the same id.
  if (typeof DEDUPE_PATH !== 'undefined') {
    for (const name of Object.keys(DEDUPE_PATH))
      if (DEDUPE_PATH[name] === '') DEDUPE_PATH[name] = id;
  }
}

// ── De-duplication ─────────────────────────────────────────────────────────────────────────

// The keys of the records the destination holds already, read page after page, each with the
// record's id when matches are updated in place (DEDUPE.idField).
async function existingKeys(ctx) {
  const keys = new Map();
  let page = { path: null, query: { ...DEDUPE.query } };
  if (DEDUPE.pagination.style === 'page')
    page.query[DEDUPE.pagination.pageParam] = DEDUPE.pagination.firstPage;
  for (let pages = 1; pages <= 10; pages += 1) {
    const body = await readExisting(ctx, page);
    const list = listAt(body, DEDUPE.itemsPath, 'the destination');
    for (const record of list) {
      const id = DEDUPE.idField ? getField(record, DEDUPE.idField) : null;
      keys.set(keyOf(getField(record, DEDUPE.destinationField)), id);
    }
    const next = nextPage(DEDUPE, body, list, page);
    if (!next) break;
    page = next;
  }
  return keys;
}

function keyOf(value) {
  return String(value ?? '')
    .trim()
    .toLowerCase();
}

// ── Fields ─────────────────────────────────────────────────────────────────────────────────

// A field of a record; a dotted name ('emails.0.value') reaches into objects and arrays.
function getField(item, name) {
  if (!name) return item;
  const value = name.split('.').reduce((node, key) => (node == null ? undefined : node[key]), item);
  // A Notion page's property is a typed value ({ type: 'status', status: { name } }).
  return /^properties\.[^.]+$/.test(name) ? plainProperty(value) : value;
}

// The plain value a typed property holds: text for title and rich text, a choice's name, a
// date's start, names of people and multi-selects, a formula's or rollup's own value.
function plainProperty(value) {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  if (typeof value.type !== 'string' || !(value.type in value)) return value;
  const inner = value[value.type];
  if (Array.isArray(inner)) {
    if (inner.every((part) => part && typeof part === 'object' && 'plain_text' in part))
      return inner.map((part) => part.plain_text).join('');
    return inner.map((part) =>
      part && typeof part === 'object' ? (part.name ?? part.plain_text ?? part.id) : part,
    );
  }
  if (inner && typeof inner === 'object') {
    if (typeof inner.type === 'string' && inner.type in inner) return plainProperty(inner);
    if ('start' in inner) return inner.start;
    if ('name' in inner) return inner.name;
  }
  return inner;
}

// Sets a dotted field, creating objects (or arrays, for a numeric key) on the way.
function setField(target, name, value) {
  const keys = name.split('.');
  let node = target;
  keys.slice(0, -1).forEach((key, i) => {
    node[key] ??= /^\d+$/.test(keys[i + 1]) ? [] : {};
    node = node[key];
  });
  node[keys.at(-1)] = value;
}

// Orders the records to write as the prompt asked, each key deciding where the ones before it
// tie; a record without the field goes after those with it.
function bySort(a, b) {
  for (const { field, direction, rank } of SORT) {
    let [x, y] = [getField(a, field), getField(b, field)];
    // Choices in their own order ("urgent first"): by place; a value not among them goes after
    // them whichever end leads, as a missing value does.
    if (rank && x != null && y != null) {
      const [i, j] = [rank.indexOf(String(x)), rank.indexOf(String(y))];
      if ((i === -1) !== (j === -1)) return i === -1 ? 1 : -1;
      [x, y] = [i, j];
    }
    if (x == null || y == null) {
      if (x == null && y == null) continue;
      return Number(x == null) - Number(y == null);
    }
    // Text sorts the way people read a list, "apple" before "Banana".
    const text = typeof x === 'string' && typeof y === 'string' && sortable(x) === x;
    const order =
      (text ? compare(x.toLowerCase(), y.toLowerCase()) || compare(x, y) : compare(x, y)) *
      (direction === 'desc' ? -1 : 1);
    if (order !== 0) return order;
  }
  return 0;
}

// Orders cursor values: numbers as numbers, ISO dates by time, other text alphabetically.
function compare(a, b) {
  const x = sortable(a);
  const y = sortable(b);
  const [left, right] = typeof x === typeof y ? [x, y] : [String(x), String(y)];
  return left < right ? -1 : left > right ? 1 : 0;
}

function sortable(value) {
  if (typeof value === 'number') return value;
  const text = String(value);
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  const time = /^\d{4}-\d{2}-\d{2}/.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(time) ? text : time;
}
