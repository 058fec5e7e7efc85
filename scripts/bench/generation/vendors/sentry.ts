// Sentry web API (https://sentry.io/api/0/), issue listing, with a bearer auth token. From
// docs.sentry.io/api (see `references`):
// - GET /api/0/projects/{org}/{project}/issues/: `query` is Sentry search syntax and, when it is
//   not given, "is:unresolved" is implied; statsPeriod ("24h" default, "14d" or "") only shapes
//   the stats. GET /api/0/organizations/{org}/issues/?project={id}: the organisation-wide list,
//   whose time window defaults to the last 14 days of activity (statsPeriod / start+end change it).
// - Paging is cursor-based through the Link header: each answer carries rel="previous" and
//   rel="next" links with results="true|false" and cursor="…"; follow next while results="true".
// - An issue: {id, shortId, title, culprit, permalink, level, status, count, userCount,
//   firstSeen, lastSeen, metadata:{type, value, …}, project:{id, name, slug}, …}. `count` (the
//   number of events) is a STRING, `userCount` a number.
// - Search keys modelled: is:unresolved|resolved|ignored|archived, level:, times_seen:>N (>=, <,
//   <=, =), firstSeen:/lastSeen: with -24h style periods, negation with "!", free text on title.
// - Errors: 404 {"detail": "The requested resource does not exist"}; 400 {"detail": "…"}.
// Page size: Sentry's own 100. The next page's cursor is only in the Link header, which the
// integration's HTTP client does not expose, so a smaller page would hide records no code could
// reach; the tasks keep a project's issues under 100.
// The mock handles arbitrary JSON from the code under test: records are loosely typed on purpose.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type {
  MockRequest,
  MockResponse,
  VendorContext,
  VendorInstance,
  VendorMock,
} from '../contract.ts';
import { json } from '../mock-kit.ts';

type Rec = Record<string, any>;
const PAGE_MAX = 100;

interface SentrySeed {
  organization: string;
  projects: { id: string; slug: string; name: string }[];
  issues: Rec[];
}

function notFound(): MockResponse {
  return json(404, { detail: 'The requested resource does not exist' });
}

function period(text: string): number | null {
  const m = /^(\d+)([smhdw])$/.exec(text.trim());
  if (!m) return null;
  return (
    Number(m[1]!) *
    { s: 1e3, m: 6e4, h: 36e5, d: 864e5, w: 6048e5 }[m[2]! as 's' | 'm' | 'h' | 'd' | 'w']
  );
}

function tokenize(q: string): string[] {
  const out: string[] = [];
  const re = /(!?[\w.]+:(?:"[^"]*"|\S+))|("[^"]*")|(\S+)/g;
  for (const m of q.matchAll(re)) out.push(m[0]!);
  return out;
}

function compare(actual: number, expr: string): boolean | null {
  const m = /^(>=|<=|>|<|=)?(-?\d+(?:\.\d+)?)([kKmM]?)$/.exec(expr);
  if (!m) return null;
  let n = Number(m[2]!);
  if (m[3]!.toLowerCase() === 'k') n *= 1000;
  if (m[3]!.toLowerCase() === 'm') n *= 1e6;
  switch (m[1]! ?? '=') {
    case '>':
      return actual > n;
    case '>=':
      return actual >= n;
    case '<':
      return actual < n;
    case '<=':
      return actual <= n;
    default:
      return actual === n;
  }
}

function matches(issue: Rec, query: string, now: Date): boolean | string {
  for (const raw of tokenize(query)) {
    const neg = raw.startsWith('!');
    const tok = neg ? raw.slice(1) : raw;
    const colon = tok.indexOf(':');
    let ok: boolean;
    if (colon > 0 && !tok.startsWith('"')) {
      const key = tok.slice(0, colon).toLowerCase();
      const value = tok.slice(colon + 1).replace(/^"(.*)"$/, '$1');
      switch (key) {
        case 'is': {
          const v = value.toLowerCase();
          if (['unresolved', 'resolved', 'ignored'].includes(v)) ok = issue.status === v;
          else if (v === 'archived') ok = issue.status === 'ignored';
          else if (v === 'unassigned') ok = !issue.assignedTo;
          else if (v === 'assigned') ok = !!issue.assignedTo;
          else if (v === 'for_review') ok = issue.status === 'unresolved';
          else
            return `Invalid value for "is" search, valid values are ['resolved', 'unresolved', 'archived', 'escalating', 'new', 'ongoing', 'regressed', 'assigned', 'unassigned', 'for_review', 'linked', 'unlinked']`;
          break;
        }
        case 'level':
          ok = value
            .split(',')
            .map((s) => s.replace(/[[\]]/g, '').trim())
            .includes(String(issue.level));
          break;
        case 'times_seen':
        case 'timesseen': {
          const c = compare(Number(issue.count), value);
          if (c === null) return `Invalid number: ${value}`;
          ok = c;
          break;
        }
        case 'user.count': {
          const c = compare(Number(issue.userCount), value);
          if (c === null) return `Invalid number: ${value}`;
          ok = c;
          break;
        }
        case 'firstseen':
        case 'lastseen':
        case 'age': {
          const field = key === 'lastseen' ? issue.lastSeen : issue.firstSeen;
          const at = Date.parse(field);
          const m = /^([<>]=?)?(-?)(.+)$/.exec(value);
          if (!m) return `Invalid date: ${value}`;
          const p = period(m[3]!);
          let bound: number;
          let op = m[1]! ?? '>=';
          if (p !== null) {
            bound = now.getTime() - p;
            // "-24h" means "within the last 24 hours"; "+24h" older than that.
            if (!m[1]!) op = m[2]! === '-' ? '>=' : '<=';
          } else {
            bound = Date.parse(m[3]!);
            if (Number.isNaN(bound)) return `Invalid date: ${value}`;
          }
          ok =
            op === '>'
              ? at > bound
              : op === '>='
                ? at >= bound
                : op === '<'
                  ? at < bound
                  : at <= bound;
          break;
        }
        case 'issue':
          ok = issue.shortId === value;
          break;
        case 'error.type':
          ok = issue.metadata?.type === value;
          break;
        default:
          ok = false; // an unknown key is a tag search: no tags are modelled, so nothing matches
      }
    } else {
      const text = tok.replace(/^"(.*)"$/, '$1').toLowerCase();
      ok = `${issue.title} ${issue.culprit}`.toLowerCase().includes(text);
    }
    if (neg ? ok : !ok) return false;
  }
  return true;
}

export const mock: VendorMock = {
  vendor: 'sentry',
  references: [
    'https://docs.sentry.io/api/events/list-a-projects-issues/',
    'https://docs.sentry.io/api/events/list-an-organizations-issues/',
    'https://docs.sentry.io/api/events/retrieve-an-issue/',
    'https://docs.sentry.io/api/pagination/',
    'https://docs.sentry.io/api/auth/',
    'https://docs.sentry.io/concepts/search/searchable-properties/issues/',
  ],
  unauthorized: () => json(401, { detail: 'Invalid token' }),
  create(seedInput: unknown, ctx: VendorContext): VendorInstance {
    const seed = (seedInput ?? { organization: 'acme', projects: [], issues: [] }) as SentrySeed;
    const org = seed.organization;
    const projects = seed.projects;
    const issues: Rec[] = [];
    const normalise = (raw: Rec): Rec => {
      if (raw.permalink) return raw;
      const project =
        projects.find((p) => p.slug === raw.project || p.slug === raw.project?.slug) ??
        projects[0]!;
      return {
        id: String(raw.id),
        shareId: null,
        shortId: raw.shortId,
        title: raw.title,
        culprit: raw.culprit ?? '',
        permalink: `https://${org}.sentry.io/issues/${raw.id}/`,
        logger: null,
        level: raw.level ?? 'error',
        status: raw.status ?? 'unresolved',
        statusDetails: {},
        substatus: raw.substatus ?? (raw.status === 'resolved' ? null : 'ongoing'),
        isPublic: false,
        platform: raw.platform ?? 'javascript',
        project: {
          id: project.id,
          name: project.name,
          slug: project.slug,
          platform: raw.platform ?? 'javascript',
        },
        type: raw.type ?? 'error',
        metadata: raw.metadata ?? {},
        numComments: 0,
        assignedTo: raw.assignedTo ?? null,
        isBookmarked: false,
        isSubscribed: false,
        hasSeen: true,
        annotations: [],
        issueType: 'error',
        issueCategory: 'error',
        priority: raw.priority ?? 'high',
        count: String(raw.count),
        userCount: Number(raw.userCount ?? 0),
        firstSeen: raw.firstSeen,
        lastSeen: raw.lastSeen,
        stats: { '24h': [] },
      };
    };
    for (const raw of seed.issues ?? []) issues.push(normalise(raw));

    const list = (req: MockRequest, scope: Rec[], orgWide: boolean): MockResponse => {
      const q = req.query;
      const query = q.has('query') ? (q.get('query') as string) : 'is:unresolved';
      const now = ctx.now();
      let result: Rec[] = [];
      for (const i of scope) {
        const r = matches(i, query, now);
        if (typeof r === 'string') return json(400, { detail: r });
        if (r) result.push(i);
      }
      if (orgWide) {
        const start = q.get('start');
        const end = q.get('end');
        if (start || end) {
          result = result.filter(
            (i) =>
              (!start || Date.parse(i.lastSeen) >= Date.parse(start)) &&
              (!end || Date.parse(i.firstSeen) <= Date.parse(end)),
          );
        } else {
          const sp = q.get('statsPeriod') || '14d';
          const ms = period(sp);
          if (ms === null) return json(400, { detail: `Invalid statsPeriod: ${sp}` });
          result = result.filter((i) => Date.parse(i.lastSeen) >= now.getTime() - ms);
        }
      } else {
        const sp = q.get('statsPeriod');
        if (sp !== null && !['', '24h', '14d'].includes(sp))
          return json(400, {
            detail: 'Invalid stats_period. Valid choices are "", "24h", and "14d"',
          });
      }
      const sort = q.get('sort') ?? 'date';
      const key = (i: Rec) =>
        sort === 'new'
          ? Date.parse(i.firstSeen)
          : sort === 'freq'
            ? Number(i.count)
            : sort === 'user'
              ? i.userCount
              : Date.parse(i.lastSeen);
      result.sort((a, b) => key(b) - key(a) || Number(b.id) - Number(a.id));
      const limit = Math.min(Math.max(1, Number(q.get('limit') ?? 100) || 100), PAGE_MAX);
      const cursor = q.get('cursor');
      let offset = 0;
      if (cursor) {
        const parts = cursor.split(':');
        if (parts.length !== 3 || !/^\d+$/.test(parts[1]!))
          return json(400, { detail: 'Invalid cursor parameter.' });
        offset = Number(parts[1]!);
      }
      const pageItems = result.slice(offset, offset + limit);
      const link = (off: number, rel: string, results: boolean, isPrev: number) => {
        const qq = new URLSearchParams(q);
        const c = `0:${off}:${isPrev}`;
        qq.set('cursor', c);
        return `<${ctx.origin}${req.path}?${qq.toString()}>; rel="${rel}"; results="${results}"; cursor="${c}"`;
      };
      const prevOff = Math.max(0, offset - limit);
      const linkHeader = [
        link(prevOff, 'previous', offset > 0, 1),
        link(offset + limit, 'next', offset + limit < result.length, 0),
      ].join(', ');
      return json(200, pageItems, { link: linkHeader });
    };

    return {
      collections: () => ({ issues }),
      handle(req: MockRequest): MockResponse {
        for (let i = 0; i < issues.length; i++) issues[i] = normalise(issues[i]!);
        const path = req.path.endsWith('/') ? req.path : `${req.path}/`;
        if (req.method !== 'GET')
          return json(405, { detail: `Method "${req.method}" not allowed.` });
        let m = /^\/api\/0\/projects\/([^/]+)\/([^/]+)\/issues\/$/.exec(path);
        if (m) {
          if (m[1]! !== org) return notFound();
          const project = projects.find((p) => p.slug === m![2] || p.id === m![2]);
          if (!project) return notFound();
          return list(
            req,
            issues.filter((i) => i.project.id === project.id),
            false,
          );
        }
        m = /^\/api\/0\/organizations\/([^/]+)\/issues\/$/.exec(path);
        if (m) {
          if (m[1]! !== org) return notFound();
          const wanted = req.query.getAll('project');
          for (const w of wanted)
            if (w !== '-1' && !projects.some((p) => p.id === w))
              return json(403, { detail: 'You do not have permission to perform this action.' });
          const scope =
            wanted.length && !wanted.includes('-1')
              ? issues.filter((i) => wanted.includes(i.project.id))
              : issues;
          return list(req, scope, true);
        }
        m = /^\/api\/0\/(?:organizations\/([^/]+)\/)?issues\/([^/]+)\/$/.exec(path);
        if (m) {
          if (m[1]! && m[1]! !== org) return notFound();
          const issue = issues.find((i) => i.id === m![2] || i.shortId === m![2]);
          return issue ? json(200, issue) : notFound();
        }
        m = /^\/api\/0\/organizations\/([^/]+)\/projects\/$/.exec(path);
        if (m && m[1]! === org)
          return json(
            200,
            projects.map((p) => ({ id: p.id, slug: p.slug, name: p.name })),
          );
        return notFound();
      },
    };
  },
};
