import { singular } from './resource-words.ts';

// Ids inside links people paste from an app: a Notion database page, an Asana project's list,
// a spreadsheet, a Trello board, an Airtable base, a monday.com board. The app's own URL
// shapes are facts of each app; any other link gives the segment after the noun
// (`…/projects/1201/…` for a project).

type Shape = (segments: string[], hint: string) => string | undefined;

const after = (segments: string[], word: string) => {
  const at = segments.indexOf(word);
  return at >= 0 ? segments[at + 1] : undefined;
};

/** Per app, the id a hint's noun names in its links. */
const SHAPES: Array<[RegExp, Shape]> = [
  // notion.so/<workspace>/<Title>-<32 hex>?v=…: the page or database id ends the last segment.
  [
    /(?:^|\.)notion\.(?:so|site)$/,
    (segments, hint) =>
      /^(?:database|page|data|source)$/.test(hint)
        ? /([0-9a-f]{32})$/i.exec((segments.at(-1) ?? '').replace(/-/g, ''))?.[1]
        : undefined,
  ],
  // app.asana.com/0/<project gid>/<task gid or "list">
  [
    /^app\.asana\.com$/,
    (segments, hint) => (hint === 'project' && segments[0] === '0' ? segments[1] : undefined),
  ],
  // docs.google.com/spreadsheets/d/<id>/edit, drive.google.com/drive/folders/<id>
  [
    /^docs\.google\.com$/,
    (segments, hint) =>
      /^(?:spreadsheet|sheet|document|doc)$/.test(hint) ? after(segments, 'd') : undefined,
  ],
  [
    /^drive\.google\.com$/,
    (segments, hint) => (hint === 'folder' ? after(segments, 'folders') : undefined),
  ],
  // trello.com/b/<board short link>/<name>
  [/^trello\.com$/, (segments, hint) => (hint === 'board' ? after(segments, 'b') : undefined)],
  // airtable.com/<app…>/<tbl…>/<viw…>
  [
    /^airtable\.com$/,
    (segments, hint) =>
      hint === 'base'
        ? segments.find((s) => /^app\w{14}$/.test(s))
        : hint === 'table'
          ? segments.find((s) => /^tbl\w{14}$/.test(s))
          : undefined,
  ],
  // app.clickup.com/<team>/v/li/<list id>
  [
    /^app\.clickup\.com$/,
    (segments, hint) => (hint === 'list' ? after(segments, 'li') : undefined),
  ],
];

/** The id one of `hints` names inside a link the prompt gives. */
export function idFromUrls(text: string, hints: readonly string[]): string | undefined {
  for (const m of text.matchAll(/https?:\/\/[^\s"'<>`)\]]+/g)) {
    let url: URL;
    try {
      url = new URL(m[0].replace(/[.,;:!?]+$/, ''));
    } catch {
      continue;
    }
    const segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    for (const hint of hints) {
      const shape = SHAPES.find(([host]) => host.test(url.hostname))?.[1];
      const shaped = shape?.(segments, hint);
      if (shaped) return shaped;
      // Any other link: the segment after the noun, when it holds a digit.
      const at = segments.findIndex((s) => singular(s.toLowerCase()) === hint);
      const next = at >= 0 ? segments[at + 1] : undefined;
      if (!shape && next && /\d/.test(next)) return next;
    }
  }
  return undefined;
}
