// Trello REST API 1 (https://api.trello.com/1). Auth is the `key` and `token` query parameters
// (or an "Authorization: OAuth oauth_consumer_key=…, oauth_token=…" header). The benchmark's
// auth model carries one secret, so the mock server checks `token` only (a real call would also
// need `key`; the task's user cannot give two secrets through one credential). From
// developer.atlassian.com/cloud/trello (see `references`):
// - GET /1/boards/{id} (id or shortLink), /1/boards/{id}/lists (filter: open by default — closed
//   lists are hidden; all|closed|open), /1/boards/{id}/cards (open cards only by default),
//   /1/lists/{id}/cards (open cards only), /1/boards/{id}/labels, /1/cards/{id}.
// - POST /1/cards with idList (required), name, desc, pos, due, idLabels (comma-separated ids),
//   as query parameters or a JSON body; PUT /1/cards/{id}.
// - Errors are PLAIN TEXT bodies: 400 "invalid value for idList", 400 "invalid id",
//   404 "The requested resource was not found.", 401 "invalid token" / "invalid key".
// Collections: `cards` (Trello card objects) and `lists`.
// The mock handles arbitrary JSON from the code under test: records are loosely typed on purpose.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type {
  MockRequest,
  MockResponse,
  VendorContext,
  VendorInstance,
  VendorMock,
} from '../contract.ts';

type Rec = Record<string, any>;

interface TrelloSeed {
  boards: { id: string; shortLink: string; name: string }[];
  lists: { id: string; idBoard: string; name: string; closed?: boolean; pos?: number }[];
  labels?: { id: string; idBoard: string; name: string; color: string | null }[];
  cards?: Rec[];
}

function text(status: number, body: string): MockResponse {
  return { status, headers: { 'content-type': 'text/plain; charset=utf-8' }, body };
}
function ok(body: unknown): MockResponse {
  return { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body };
}

const HEX24 = /^[0-9a-f]{24}$/;

export const mock: VendorMock = {
  vendor: 'trello',
  references: [
    'https://developer.atlassian.com/cloud/trello/rest/api-group-boards/#api-boards-id-lists-get',
    'https://developer.atlassian.com/cloud/trello/rest/api-group-boards/#api-boards-id-cards-get',
    'https://developer.atlassian.com/cloud/trello/rest/api-group-lists/#api-lists-id-cards-get',
    'https://developer.atlassian.com/cloud/trello/rest/api-group-cards/#api-cards-post',
    'https://developer.atlassian.com/cloud/trello/guides/rest-api/api-introduction/',
    'https://developer.atlassian.com/cloud/trello/guides/rest-api/authorization/',
  ],
  unauthorized: () => text(401, 'invalid token'),
  create(seedInput: unknown, ctx: VendorContext): VendorInstance {
    const seed = (seedInput ?? { boards: [], lists: [] }) as TrelloSeed;
    const boards = seed.boards;
    const lists: Rec[] = seed.lists.map((l, i) => ({
      closed: false,
      pos: (i + 1) * 16384,
      subscribed: false,
      softLimit: null,
      ...l,
    }));
    const labels: Rec[] = (seed.labels ?? []).map((l) => ({ ...l, uses: 0 }));
    const cards: Rec[] = [];
    let counter = 0;
    const newId = () => `6561f0a0b0c0d0e0f${String(++counter).padStart(7, '0')}`;
    const normalise = (raw: Rec): Rec => {
      if (raw.shortUrl) return raw;
      const list = lists.find((l) => l.id === raw.idList) ?? lists[0]!;
      const idLabels: string[] =
        raw.idLabels ??
        (raw.labels ?? [])
          .map(
            (n: string) =>
              labels.find((l) => l.idBoard === list.idBoard && (l.name === n || l.id === n))?.id,
          )
          .filter(Boolean);
      const id = raw.id ?? newId();
      const shortLink =
        raw.shortLink ??
        Buffer.from(id)
          .toString('base64')
          .replace(/[^A-Za-z0-9]/g, '')
          .slice(-8);
      const num = raw.idShort ?? 1 + cards.filter((c) => c.idBoard === list.idBoard).length;
      return {
        id,
        name: raw.name ?? '',
        desc: raw.desc ?? '',
        closed: raw.closed ?? false,
        idBoard: list.idBoard,
        idList: list.id,
        idLabels,
        labels: idLabels.map((lid) => {
          const l = labels.find((x) => x.id === lid)!;
          return { id: l.id, idBoard: l.idBoard, name: l.name, color: l.color };
        }),
        idMembers: [],
        idShort: num,
        pos: raw.pos ?? (num + 1) * 16384,
        due: raw.due ?? null,
        dueComplete: false,
        start: null,
        dateLastActivity: raw.dateLastActivity ?? ctx.now().toISOString(),
        shortLink,
        shortUrl: `https://trello.com/c/${shortLink}`,
        url: `https://trello.com/c/${shortLink}/${num}-${String(raw.name ?? '')
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '')}`,
        subscribed: false,
        badges: { comments: 0, attachments: 0, description: !!raw.desc },
      };
    };
    for (const raw of seed.cards ?? []) cards.push(normalise(raw));
    const board = (ref: string) => boards.find((b) => b.id === ref || b.shortLink === ref);
    const args = (req: MockRequest): Rec => ({
      ...Object.fromEntries(req.query.entries()),
      ...(req.body && typeof req.body === 'object' ? (req.body as Rec) : {}),
    });

    return {
      collections: () => ({ cards, lists }),
      handle(req: MockRequest): MockResponse {
        for (let i = 0; i < cards.length; i++) cards[i] = normalise(cards[i]!);
        const a = args(req);
        const path = req.path.replace(/\/+$/, '');
        let m: RegExpExecArray | null;
        if (
          req.method === 'GET' &&
          (m =
            /^\/1\/boards\/([^/]+)(\/lists|\/cards(?:\/(open|closed|all|visible))?|\/labels)?$/.exec(
              path,
            ))
        ) {
          const b = board(m[1]!);
          if (!b)
            return HEX24.test(m[1]!) || /^[A-Za-z0-9]{8}$/.test(m[1]!)
              ? text(404, 'The requested resource was not found.')
              : text(400, 'invalid id');
          if (!m[2]!)
            return ok({
              id: b.id,
              name: b.name,
              desc: '',
              closed: false,
              shortLink: b.shortLink,
              url: `https://trello.com/b/${b.shortLink}`,
              shortUrl: `https://trello.com/b/${b.shortLink}`,
            });
          if (m[2]! === '/lists') {
            const filter = String(a.filter ?? 'open');
            return ok(
              lists
                .filter(
                  (l) =>
                    l.idBoard === b.id &&
                    (filter === 'all' || (filter === 'closed' ? l.closed : !l.closed)),
                )
                .sort((x, y) => x.pos - y.pos),
            );
          }
          if (m[2]! === '/labels') return ok(labels.filter((l) => l.idBoard === b.id));
          const filter = m[3]! ?? String(a.filter ?? 'visible');
          return ok(
            cards
              .filter(
                (c) =>
                  c.idBoard === b.id &&
                  (filter === 'all' ||
                    (filter === 'closed'
                      ? c.closed
                      : !c.closed && !lists.find((l) => l.id === c.idList)?.closed)),
              )
              .sort((x, y) => x.pos - y.pos),
          );
        }
        if (req.method === 'GET' && (m = /^\/1\/lists\/([^/]+)(\/cards)?$/.exec(path))) {
          const l = lists.find((x) => x.id === m![1]);
          if (!l)
            return HEX24.test(m[1]!)
              ? text(404, 'The requested resource was not found.')
              : text(400, 'invalid id');
          if (!m[2]!) return ok(l);
          const filter = String(a.filter ?? 'open');
          return ok(
            cards
              .filter(
                (c) =>
                  c.idList === l.id &&
                  (filter === 'all' || (filter === 'closed' ? c.closed : !c.closed)),
              )
              .sort((x, y) => x.pos - y.pos),
          );
        }
        if (req.method === 'GET' && (m = /^\/1\/cards\/([^/]+)$/.exec(path))) {
          const c = cards.find((x) => x.id === m![1] || x.shortLink === m![1]);
          return c ? ok(c) : text(404, 'The requested resource was not found.');
        }
        if (req.method === 'POST' && path === '/1/cards') {
          const list = lists.find((l) => l.id === a.idList);
          if (!a.idList || !list) return text(400, 'invalid value for idList');
          if (a.name !== undefined && typeof a.name !== 'string')
            return text(400, 'invalid value for name');
          if (a.desc !== undefined && typeof a.desc !== 'string')
            return text(400, 'invalid value for desc');
          let idLabels: string[] = [];
          if (a.idLabels !== undefined && a.idLabels !== null && a.idLabels !== '') {
            idLabels = Array.isArray(a.idLabels)
              ? a.idLabels.map(String)
              : String(a.idLabels)
                  .split(',')
                  .map((s) => s.trim())
                  .filter(Boolean);
            for (const id of idLabels)
              if (!labels.some((l) => l.id === id && l.idBoard === list.idBoard))
                return text(400, 'invalid value for idLabels');
          }
          if (
            a.due !== undefined &&
            a.due !== null &&
            a.due !== '' &&
            Number.isNaN(Date.parse(String(a.due)))
          )
            return text(400, 'invalid value for due');
          const inList = cards.filter((c) => c.idList === list.id);
          const pos =
            a.pos === 'top'
              ? Math.min(16384, ...inList.map((c) => c.pos)) / 2
              : a.pos === undefined || a.pos === 'bottom'
                ? Math.max(0, ...inList.map((c) => c.pos)) + 16384
                : Number(a.pos);
          // Trello stores `due` as a full UTC timestamp whatever date form it was given.
          const due =
            a.due === undefined || a.due === null || a.due === ''
              ? null
              : new Date(Date.parse(String(a.due))).toISOString();
          const card = normalise({
            idList: list.id,
            name: a.name ?? '',
            desc: a.desc ?? '',
            idLabels,
            due,
            pos,
          });
          cards.push(card);
          return ok(card);
        }
        if (req.method === 'PUT' && (m = /^\/1\/cards\/([^/]+)$/.exec(path))) {
          const c = cards.find((x) => x.id === m![1]);
          if (!c) return text(404, 'The requested resource was not found.');
          for (const k of ['name', 'desc', 'closed', 'due', 'pos'])
            if (a[k] !== undefined) c[k] = k === 'closed' ? a[k] === true || a[k] === 'true' : a[k];
          if (a.idList) {
            if (!lists.some((l) => l.id === a.idList)) return text(400, 'invalid value for idList');
            c.idList = a.idList;
          }
          return ok(c);
        }
        return text(404, 'Cannot ' + req.method + ' ' + req.path);
      },
    };
  },
};
