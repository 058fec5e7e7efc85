/* eslint-disable @typescript-eslint/no-unused-vars -- the generated program around this calls them */
/* global LOOKUPS, LOOKUP_CALLS, LOOKUP_PATHS, SOURCE_PATH, WRITE_PATH, DEDUPE_PATH, SOURCE, WRITE, FIELDS, FILTERS, CURSOR, SORT, DEDUPE, MISSING, RELATED, MAX_PAGES, MAX_ITEMS_PER_RUN, REMEMBER, listPage, writeBody, readExisting */
/* global compare, getField, setField -- defined in grounded-runtime-records.js, copied into the same program */
// The helpers every grounded template program shares (ADR 015). grounded-code.ts
// copies this file, without the lines above, under the settings and the calls it generates;
// they read the constants SOURCE, WRITE, FIELDS, FILTERS, CURSOR, SORT and DEDUPE defined there.

// ── Reading ─────────────────────────────────────────────────────────────────────────────────

// Reads the source list page after page as its description says, up to MAX_PAGES.
async function readAll(ctx, saved) {
  const items = [];
  let page = { path: null, query: { ...SOURCE.query } };
  if (SOURCE.pageSize && SOURCE.limitParam) page.query[SOURCE.limitParam] = SOURCE.pageSize;
  if (SOURCE.pagination.style === 'page')
    page.query[SOURCE.pagination.pageParam] = SOURCE.pagination.firstPage;
  if (SOURCE.pagination.style === 'offset') page.query[SOURCE.pagination.offsetParam] = 0;
  if (CURSOR?.param && saved)
    page.query[CURSOR.param.name] = timeAsParam(
      saved.from ?? toTime(saved.value, CURSOR.format),
      saved.value,
      CURSOR.param.format,
    );
  for (let pages = 1; ; pages += 1) {
    const body = await listPage(ctx, page);
    const list = listAt(body, SOURCE.itemsPath, 'the source');
    items.push(...list.filter(inChosenContainer));
    const next = nextPage(SOURCE, body, list, page);
    if (!next) return { items, pages };
    if (pages === MAX_PAGES) {
      ctx.log(`stopped after ${MAX_PAGES} pages; the rest waits for the next run`);
      return { items, pages };
    }
    page = next;
  }
}

// A container a lookup chose (a pipeline's id in `pipeline_id`) is asked for in the query and
// checked again on each record that carries that field: an API version without the filter
// answers with every container's records. A field kept as a reference ({ value, name }) gives
// its id.
function inChosenContainer(item) {
  return LOOKUPS.every((lookup) => {
    if (lookup.side !== 'source' || lookup.target.kind !== 'query') return true;
    const chosen = SOURCE.query[lookup.target.name];
    const own = item?.[lookup.target.name];
    if (chosen === undefined || chosen === '' || own === undefined || own === null) return true;
    const id = typeof own === 'object' ? (own.id ?? own.value) : own;
    if (id === undefined || id === null) return true;
    return (Array.isArray(chosen) ? chosen : [chosen]).some((c) => String(c) === String(id));
  });
}

// The records in a response: the array at itemsPath ('' is the body itself).
function listAt(body, itemsPath, side) {
  if (body && Array.isArray(body.errors) && body.errors.length > 0) {
    throw new Error(`${side} answered with an error: ${body.errors[0]?.message}`);
  }
  // A bare array is the list whatever the description says: an older version of the API (the
  // one the connection's base URL names) answers without the envelope.
  const list = itemsPath && !Array.isArray(body) ? getField(body, itemsPath) : body;
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list)) {
    throw new Error(`${side} did not answer with a list at "${itemsPath || '(the body)'}"`);
  }
  return list;
}

// The next page's request, or null after the last page, for each pagination style.
function nextPage(read, body, list, page) {
  const p = read.pagination;
  const query = page.query;
  let next = null;
  if (list.length === 0) return null;
  if (p.style === 'cursor') {
    const cursor = getField(body, p.nextCursorPath);
    if (cursor !== undefined && cursor !== null && cursor !== '')
      next = { path: null, query: { ...query, [p.cursorParam]: cursor } };
  } else if (p.style === 'starting-after') {
    const more = getField(body, p.hasMorePath);
    const last = getField(list.at(-1), p.idField);
    if (more && last !== undefined)
      next = { path: null, query: { ...query, [p.cursorParam]: last } };
  } else if (p.style === 'page') {
    const current = Number(query[p.pageParam] ?? p.firstPage);
    const total = p.totalPagesPath ? getField(body, p.totalPagesPath) : undefined;
    // Without a page count, an empty page ends the list (an API may cap the size asked for).
    const more = typeof total === 'number' ? current - p.firstPage + 1 < total : true;
    if (more) next = { path: null, query: { ...query, [p.pageParam]: current + 1 } };
  } else if (p.style === 'offset') {
    if (body.more !== false) {
      next = {
        path: null,
        query: { ...query, [p.offsetParam]: Number(query[p.offsetParam] ?? 0) + list.length },
      };
    }
  } else if (p.style === 'link-header') {
    // ctx returns bodies, not headers: `since_id` (the last id) stands in where the API has it;
    // an empty page ends the list.
    if (read.sinceIdParam) {
      next = { path: null, query: { ...query, [read.sinceIdParam]: list.at(-1).id } };
    }
  } else if (p.style === 'next-url') {
    const link = getField(body, p.nextPath);
    if (typeof link === 'string' && link !== '') next = pageFromLink(link, read.basePath);
  }
  // A server that answers with the same page again would loop forever.
  return next && JSON.stringify(next) !== JSON.stringify(page) ? next : null;
}

// A next link (absolute URL or path) as a path relative to the API's base URL and its query.
function pageFromLink(link, basePath) {
  let rest = link.replace(/^[a-z]+:\/\/[^/]+/i, '');
  if (basePath && rest.startsWith(`${basePath}/`)) rest = rest.slice(basePath.length);
  const [path, search = ''] = rest.split('#')[0].split('?');
  const query = {};
  for (const pair of search.split('&')) {
    if (pair === '') continue;
    const [name, value = ''] = pair.split('=');
    query[decodeURIComponent(name)] = decodeURIComponent(value.replace(/\+/g, ' '));
  }
  return { path, query };
}

// ── Choosing ───────────────────────────────────────────────────────────────────────────────

// Records after the saved cursor, oldest first. Records can share a timestamp, so one at
// exactly the cursor's value is new unless its id was handled already.
function newItems(items, saved) {
  return items
    .filter((item) => getField(item, CURSOR.field) != null)
    .filter((item) => {
      if (!saved) return true;
      // The first run's start is a time, whatever form the field's own values take.
      if (saved.from !== undefined)
        return (toTime(getField(item, CURSOR.field), CURSOR.format) ?? -Infinity) >= saved.from;
      const order = compare(getField(item, CURSOR.field), saved.value);
      return order > 0 || (order === 0 && !saved.ids.includes(idOf(item)));
    })
    .sort((a, b) => compare(getField(a, CURSOR.field), getField(b, CURSOR.field)));
}

// The cursor the first run starts from, when the prompt gave it a window (CURSOR.firstRunMs
// before the run's due time); undefined takes every record.
function firstRunStart(now) {
  if (CURSOR.firstRunMs === null || CURSOR.firstRunMs === undefined) return undefined;
  const from = now - CURSOR.firstRunMs;
  return { field: CURSOR.field, value: new Date(from).toISOString(), ids: [], from };
}

// The cursor after this run: the highest value handled and the ids that carry it.
function advanceCursor(saved, handled) {
  if (handled.length === 0) return null;
  const value = getField(handled.at(-1), CURSOR.field);
  const ids = handled
    .filter((item) => compare(getField(item, CURSOR.field), value) === 0)
    .map(idOf);
  const earlier = saved && compare(saved.value, value) === 0 ? saved.ids : [];
  return { field: CURSOR.field, value, ids: [...new Set([...earlier, ...ids])] };
}

function idOf(item) {
  return String(getField(item, SOURCE.idField) ?? JSON.stringify(item));
}

// The start of the calendar unit `offset` units from the one holding `now` (UTC; weeks start on
// Monday, ISO 8601).
function unitStart(now, unit, offset) {
  const d = new Date(now);
  const [year, month] = [d.getUTCFullYear(), d.getUTCMonth()];
  if (unit === 'year') return Date.UTC(year + offset, 0, 1);
  if (unit === 'quarter') return Date.UTC(year, month - (month % 3) + 3 * offset, 1);
  if (unit === 'month') return Date.UTC(year, month + offset, 1);
  const midnight = Date.UTC(year, month, d.getUTCDate());
  const sinceMonday = (d.getUTCDay() + 6) % 7;
  return midnight - sinceMonday * 86_400_000 + offset * 7 * 86_400_000;
}

// Whether a record passes every condition in FILTERS; `now` is when the run was due.
// Set at all: an empty list or blank text is as good as none ("issues without an assignee").
function hasValue(value) {
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'string') return value.trim() !== '';
  return Boolean(value);
}

function passes(item, now, which = () => true) {
  return FILTERS.filter(which).every((filter) => {
    const value = getField(item, filter.field);
    // Compared with another field of the same record ("stock <= min_stock").
    if (filter.otherField) return comparesTo(filter.op, value, getField(item, filter.otherField));
    // A calendar day ("created in May 2025" is on or after 2025-05-01, before 2025-06-01), or a
    // moment a spec wrote out ("2025-05-01T08:00:00.000Z").
    if (
      typeof filter.value === 'string' &&
      /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2}))?$/.test(
        filter.value,
      )
    ) {
      const time = toTime(value, filter.format);
      return time !== null && comparesTo(filter.op, time, toTime(filter.value));
    }
    switch (filter.op) {
      case 'eq':
        return String(value).toLowerCase() === String(filter.value).toLowerCase();
      case 'ne':
        return String(value).toLowerCase() !== String(filter.value).toLowerCase();
      case 'gt':
        return amountOf(value) > filter.value;
      case 'gte':
        return amountOf(value) >= filter.value;
      case 'lt':
        return amountOf(value) < filter.value;
      case 'lte':
        return amountOf(value) <= filter.value;
      case 'before-now': {
        const time = toTime(value, filter.format);
        // A day without a time ("2025-03-04") is past once that day has ended: due today is
        // not overdue yet.
        const dayOnly = filter.format === 'date' || /^\d{4}-\d{2}-\d{2}$/.test(String(value));
        // A negative value moves the moment back: "older than 3 days" is before now - 3 days.
        const moment = (dayOnly ? now - (now % 86_400_000) : now) + (filter.value ?? 0);
        return time !== null && time < moment;
      }
      case 'within': {
        const time = toTime(value, filter.format);
        if (time === null) return false;
        // Whole calendar units from the run's own ("last month": [-1, 0]).
        if (filter.calendar)
          return (
            time >= unitStart(now, filter.calendar, filter.value[0]) &&
            time < unitStart(now, filter.calendar, filter.value[1])
          );
        // [start, end) from the run's due time, or from its UTC midnight for "yesterday".
        const base = filter.alignDay ? now - (now % 86_400_000) : now;
        return time >= base + filter.value[0] && time < base + filter.value[1];
      }
      case 'lacks':
      case 'contains': {
        // One wanted value, or a list of which any will do ("labelled bug or crash"); lacks:
        // none of them ("drop whatever is labelled wontfix").
        const wanted = [filter.value].flat().map((v) => String(v).toLowerCase());
        const values = Array.isArray(value) ? value : [value];
        const found = values.some((v) => {
          const text =
            typeof v === 'object' && v !== null ? (v.name ?? v.label ?? v.title ?? v.value) : v;
          return wanted.includes(String(text ?? '').toLowerCase());
        });
        return filter.op === 'lacks' ? !found : found;
      }
      case 'in':
        return filter.value.some((v) => String(v).toLowerCase() === String(value).toLowerCase());
      case 'not-in':
        return !filter.value.some((v) => String(v).toLowerCase() === String(value).toLowerCase());
      case 'falsy':
        return !hasValue(value);
      case 'truthy':
        return hasValue(value);
      default:
        return false;
    }
  });
}

function comparesTo(op, value, other) {
  if (value == null || other == null) return false;
  const [a, b] = [amountOf(value), amountOf(other)];
  const numbers = !Number.isNaN(a) && !Number.isNaN(b);
  const [x, y] = numbers ? [a, b] : [String(value).toLowerCase(), String(other).toLowerCase()];
  if (op === 'eq') return x === y;
  if (op === 'ne') return x !== y;
  if (!numbers) return false;
  return op === 'gt' ? x > y : op === 'gte' ? x >= y : op === 'lt' ? x < y : x <= y;
}

// A number from a value APIs write money in: 250, "250.00", "$1,250.50", { amount: 250 }.
// Text that holds no number is NaN, so it passes no comparison.
function amountOf(value) {
  if (value && typeof value === 'object') value = value.amount ?? value.value;
  if (typeof value === 'string') {
    const text = value.replace(/[\s,$€£¥]/g, '');
    return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
  }
  return typeof value === 'number' ? value : Number.NaN;
}

// ── Writing ────────────────────────────────────────────────────────────────────────────────

// The destination's record for one source record: FIELDS applied, values converted to the
// destination's types. Fields a record lacks are left out. `top`: the fields that go beside a
// container rather than in it (Notion's parent).
function toRecord(item, top = false) {
  const record = {};
  for (const rule of FIELDS.filter((field) => Boolean(field.top) === top)) {
    let value;
    if (rule.value !== undefined) value = rule.value;
    else if (rule.template !== undefined) value = fillTemplate(item, rule.template);
    else if (rule.how === 'join-name') {
      value = rule.parts
        .map((part) => getField(item, part))
        .filter((v) => v != null && v !== '')
        .join(' ');
    } else if (rule.how === 'form-field') value = formAnswer(item, rule.from);
    else value = getField(item, rule.from);
    if (rule.how === 'first-name' || rule.how === 'last-name') value = namePart(value, rule.how);
    if (rule.units) value = rescaled(value, rule.units, item);
    if (rule.duration) value = inDurationUnit(value, rule.duration);
    if (rule.shiftDays) value = shiftedDays(value, rule.shiftDays, rule.fromFormat);
    if (rule.values) value = translated(value, rule.values, rule.otherwise);
    value = convert(value, rule);
    if (value === undefined || value === '') continue;
    setField(record, rule.to, value);
  }
  return record;
}

// ISO 4217 currencies whose minor unit is not a hundredth: none (JPY) or a thousandth (KWD).
const ZERO_DECIMALS = 'BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF';
const THREE_DECIMALS = 'BHD IQD JOD KWD LYD OMR TND';

// An amount between the currency's minor unit (cents) and whole units, by the record's currency.
function rescaled(value, units, item) {
  const amount = amountOf(value);
  if (value === undefined || value === null || value === '' || Number.isNaN(amount)) return value;
  const code = String((units.currency ? getField(item, units.currency) : '') ?? '').toUpperCase();
  const decimals = !/^[A-Z]{3}$/.test(code)
    ? 2
    : ZERO_DECIMALS.includes(code)
      ? 0
      : THREE_DECIMALS.includes(code)
        ? 3
        : 2;
  const factor = 10 ** decimals;
  return units.scale === 'major-to-minor'
    ? Math.round(amount * factor)
    : Number((amount / factor).toFixed(decimals));
}

// A day moved by whole days ("2025-06-03" → "2025-06-04"), at UTC as the day was read.
function shiftedDays(value, days, format) {
  const time = value === undefined || value === null || value === '' ? null : toTime(value, format);
  return time === null ? value : new Date(time + days * 86_400_000).toISOString().slice(0, 10);
}

const SECONDS_IN = { seconds: 1, minutes: 60, hours: 3600 };

// A span of time from one unit to another: seconds, minutes, hours (to two decimals), or an ISO
// 8601 duration ("PT1H30M"). A value that is no span (a running timer's negative seconds, an
// empty one) is left out rather than written as a wrong span.
function inDurationUnit(value, duration) {
  let seconds;
  if (duration.from === 'iso8601') {
    const m =
      /^P(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(
        String(value ?? ''),
      );
    if (!m || String(value) === 'P' || String(value) === 'PT') return undefined;
    const [, days = 0, hours = 0, minutes = 0, secs = 0] = m;
    seconds = Number(days) * 86400 + Number(hours) * 3600 + Number(minutes) * 60 + Number(secs);
  } else {
    const amount = amountOf(value);
    if (value === undefined || value === null || value === '' || Number.isNaN(amount))
      return undefined;
    seconds = amount * SECONDS_IN[duration.from];
  }
  if (seconds < 0) return undefined;
  if (duration.to === 'iso8601') {
    const whole = Math.round(seconds);
    const h = Math.floor(whole / 3600);
    const m = Math.floor((whole % 3600) / 60);
    const s = whole % 60;
    return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s || (!h && !m) ? `${s}S` : ''}`;
  }
  const inUnit = seconds / SECONDS_IN[duration.to];
  return duration.to === 'hours' ? Number(inUnit.toFixed(2)) : Math.round(inUnit);
}

// A form's answer by its label ('formResponse.Last Name'), matched without regard to case or
// spacing, else the one label that begins or ends with it ("Email address", "Your email"); a
// first or last name the form asked as one name ("Full name") is that part of it.
function formAnswer(item, path) {
  const at = path.lastIndexOf('.');
  const answers = getField(item, path.slice(0, at));
  if (!answers || typeof answers !== 'object') return undefined;
  const key = (text) =>
    String(text)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '');
  const entries = Object.entries(answers).map(([label, value]) => [key(label), value]);
  const answer = (wanted) => {
    const exact = entries.find(([label]) => label === wanted);
    if (exact) return exact[1];
    const near = entries.filter(([label]) => label.startsWith(wanted) || label.endsWith(wanted));
    return near.length === 1 ? near[0][1] : undefined;
  };
  const wanted = key(path.slice(at + 1));
  const direct = answer(wanted);
  if (direct !== undefined || !/^(?:first|last)name$/.test(wanted)) return direct;
  const full = answer('name');
  return full === undefined ? undefined : namePart(full, `${wanted.slice(0, -4)}-name`);
}

// A value through the prompt's table ("gold → 3"): the first row whose left side is the value
// (without regard to case, or "" for none); a value the table does not list becomes
// `otherwise` when the prompt gave one ("all other values become Rest of world"), else passes as it is.
// "" on the right leaves the field out: a row of a table that sets several fields may not set this one.
function translated(value, table, otherwise) {
  const text =
    value === undefined || value === null ? '' : String(convert(value, { type: 'string' }) ?? '');
  const row = table.find((entry) => entry.from.toLowerCase() === text.trim().toLowerCase());
  const to = row ? row.to : otherwise !== undefined && text.trim() !== '' ? otherwise : value;
  return to === '' ? undefined : to;
}

// The prompt's template with each {path} replaced by the record's value there, {path:200} by
// its first 200 characters, {path@format} in that format, and {path|fallback} by the fallback
// when the record has none (TEMPLATE_PLACEHOLDER in the plan schema).
function fillTemplate(item, template) {
  return template.replace(
    /\{([^{}|:@]+)(?::(\d+))?(?:@([^{}|]+))?(?:\|([^{}]*))?\}/g,
    (_, path, max, format, fallback) => {
      const raw = getField(item, path);
      const value = format ? formatted(raw, format) : convert(raw, { type: 'string' });
      if (value === undefined || value === '') return fallback ?? '';
      return max && value.length > Number(max)
        ? `${value.slice(0, Number(max)).trimEnd()}…`
        : value;
    },
  );
}

// A value written as a template asks: "2dp" (12.5 → "12.50"), "major-2dp" (1250 cents →
// "12.50"), "upper", "lower", or a date
// pattern of YYYY YY MMMM MMM MM M DD D dddd ddd HH H hh h mm a, read in UTC.
function formatted(value, format) {
  if (value === undefined || value === null || value === '') return undefined;
  // "major-2dp": an amount in minor units (cents) written in major ones.
  const decimals = /^(major-)?(\d)dp$/.exec(format);
  if (decimals) {
    const amount = amountOf(value) / (decimals[1] ? 100 : 1);
    return Number.isNaN(amount) ? String(value) : amount.toFixed(Number(decimals[2]));
  }
  if (format === 'upper') return String(value).toUpperCase();
  if (format === 'lower') return String(value).toLowerCase();
  const time = toTime(value);
  if (time === null) return String(value);
  const d = new Date(time);
  const months = [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ];
  const days = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
  const pad = (n) => String(n).padStart(2, '0');
  const hour12 = d.getUTCHours() % 12 || 12;
  const parts = {
    YYYY: String(d.getUTCFullYear()),
    YY: String(d.getUTCFullYear()).slice(2),
    MMMM: months[d.getUTCMonth()],
    MMM: months[d.getUTCMonth()].slice(0, 3),
    MM: pad(d.getUTCMonth() + 1),
    M: String(d.getUTCMonth() + 1),
    DD: pad(d.getUTCDate()),
    D: String(d.getUTCDate()),
    dddd: days[d.getUTCDay()],
    ddd: days[d.getUTCDay()].slice(0, 3),
    HH: pad(d.getUTCHours()),
    H: String(d.getUTCHours()),
    hh: pad(hour12),
    h: String(hour12),
    mm: pad(d.getUTCMinutes()),
    a: d.getUTCHours() < 12 ? 'am' : 'pm',
    A: d.getUTCHours() < 12 ? 'AM' : 'PM',
  };
  return format.replace(
    /YYYY|YY|MMMM|MMM|MM|M|DD|D|dddd|ddd|HH|H|hh|h|mm|a|A/g,
    (token) => parts[token],
  );
}

// "Ada King Lovelace" → first "Ada", last "King Lovelace"; a single word is a last name.
function namePart(full, how) {
  if (typeof full !== 'string' || full.trim() === '') return undefined;
  const words = full.trim().split(/\s+/);
  if (words.length === 1) return how === 'last-name' ? words[0] : undefined;
  return how === 'first-name' ? words[0] : words.slice(1).join(' ');
}

// A value as the destination field takes it (its type, format and allowed values).
function convert(value, rule) {
  if (value === undefined || value === null) return undefined;
  if (rule.format === 'adf') {
    const text = typeof value === 'string' ? value : convert(value, { type: 'string' });
    return text === undefined || text === '' ? undefined : adfDocument(text);
  }
  // A moment written with its own offset ("…T22:10:00-04:00") falls on the day the API's owner
  // sees it on (the shop's time zone), not on the UTC day.
  if (rule.format === 'date' && /^\d{4}-\d{2}-\d{2}T[^Z]*[+-]\d{2}:?\d{2}$/.test(String(value)))
    return String(value).slice(0, 10);
  if (rule.fromFormat === 'unix-time' || rule.format) {
    const time = toTime(value, rule.fromFormat);
    if (rule.format === 'date-time' && time !== null) return new Date(time).toISOString();
    if (rule.format === 'date' && time !== null) return new Date(time).toISOString().slice(0, 10);
    if (rule.format === 'unix-time' && time !== null) return Math.floor(time / 1000);
    if (rule.fromFormat === 'unix-time' && rule.type === 'string' && time !== null)
      return new Date(time).toISOString();
  }
  if (rule.type === 'string') {
    if (Array.isArray(value))
      value = value
        .map((v) => (typeof v === 'object' && v !== null ? (v.name ?? v.value ?? '') : v))
        .join(', ');
    else if (typeof value === 'object')
      value = value.name ?? value.value ?? value.address ?? value.Address ?? undefined;
    if (value === undefined || value === null) return undefined;
    value = String(value);
  } else if (rule.type === 'number' || rule.type === 'integer') {
    const number = Number(typeof value === 'object' ? (value.amount ?? value.value) : value);
    if (!Number.isFinite(number)) return undefined;
    value = rule.type === 'integer' ? Math.round(number) : number;
  } else if (rule.type === 'boolean') {
    value = value === true || value === 'true' || value === 1;
  } else if (rule.type === 'array') {
    // Destination lists hold plain values: a label object gives its name.
    value = (Array.isArray(value) ? value : [value]).map((v) =>
      typeof v === 'object' && v !== null ? (v.name ?? v.label ?? v.value ?? v) : v,
    );
  }
  if (rule.enum && !rule.enum.some((allowed) => String(allowed) === String(value))) {
    const match = rule.enum.find(
      (allowed) => String(allowed).toLowerCase() === String(value).toLowerCase(),
    );
    return match; // undefined: a value the destination does not allow is left out
  }
  return value;
}

// Plain text as an Atlassian Document: a paragraph per block between blank lines, its lines
// kept with hard breaks.
function adfDocument(text) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => ({
      type: 'paragraph',
      content: block
        .split('\n')
        .flatMap((line, i) => [
          ...(i > 0 ? [{ type: 'hardBreak' }] : []),
          ...(line ? [{ type: 'text', text: line }] : []),
        ]),
    }));
  return { type: 'doc', version: 1, content: paragraphs };
}

// Milliseconds since the epoch for a timestamp in any of the formats descriptions use.
function toTime(value, format) {
  if (value === undefined || value === null || value === '') return null;
  if (format === 'unix-time' || (typeof value === 'number' && value < 1e11))
    return Number(value) * 1000;
  if (typeof value === 'number') return value;
  // Microsoft JSON dates, as Xero writes them: "/Date(1727740800000+0000)/", milliseconds UTC.
  const microsoft = /^\/Date\((-?\d+)(?:[+-]\d{4})?\)\/$/.exec(value);
  if (microsoft) return Number(microsoft[1]);
  const time = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(time) ? null : time;
}

// The saved cursor's time (or its value, when it is not a time) as the list's `since`
// parameter wants it.
function timeAsParam(time, value, format) {
  if (time === null) return value;
  if (format === 'unix-time') return Math.floor(time / 1000);
  if (format === 'date') return new Date(time).toISOString().slice(0, 10);
  return new Date(time).toISOString();
}

// What a refused record is, when the prompt says to log it and go on (WRITE.onRefused). Not a
// 404: a wrong path answers it for every record, and the run must fail, not skip them all.
const REFUSED = [400, 409, 422];

// Sends one write (an update, when given its writer); a 409 Conflict means the destination
// has it already (a retried run).
async function send(ctx, records, write = writeBody) {
  try {
    const answer = await write(ctx, records);
    // Chat APIs such as Slack answer 200 with { ok: false, error } when a post fails.
    if (answer && typeof answer === 'object' && answer.ok === false) {
      throw new ctx.NonRetryableError(
        `${WRITE.operationId} failed: ${answer.error ?? 'ok: false'}`,
      );
    }
    // GraphQL answers 200 with { errors } when a mutation is refused.
    if (answer && Array.isArray(answer.errors) && answer.errors.length > 0) {
      throw new ctx.NonRetryableError(`${WRITE.operationId} failed: ${answer.errors[0]?.message}`);
    }
    return 'sent';
  } catch (error) {
    if (error?.status === 409) return 'skipped';
    if (WRITE.onRefused === 'skip' && REFUSED.includes(error?.status)) {
      ctx.log(
        `${WRITE.operationId} refused a record (${error.status}), skipped as the prompt asks: ${JSON.stringify(error.body).slice(0, 300)}`,
      );
      return 'skipped';
    }
    if (error?.status === 400 || error?.status === 422) {
      throw new ctx.NonRetryableError(
        `${WRITE.operationId} refused a record (${error.status}): ${JSON.stringify(error.body).slice(0, 300)}`,
        { cause: error },
      );
    }
    throw error;
  }
}

// A form-encoded body (Stripe): nested objects as name[key]=value.
function formEncode(value, prefix = '') {
  const pairs = [];
  for (const [key, inner] of Object.entries(value)) {
    const name = prefix ? `${prefix}[${key}]` : key;
    if (inner === undefined || inner === null) continue;
    if (typeof inner === 'object') pairs.push(formEncode(inner, name));
    else pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(inner))}`);
  }
  return pairs.filter(Boolean).join('&');
}
