// Google Sheets API v4 (https://sheets.googleapis.com/v4), the values collection: get, batchGet,
// append, update, batchUpdate, plus the spreadsheet's metadata (tab names). OAuth 2 bearer
// token. From developers.google.com/sheets/api (see `references`):
// - GET /v4/spreadsheets/{id}/values/{range}: {range, majorDimension: "ROWS", values}. Empty
//   trailing rows and cells are left out, and `values` is absent when the range is empty.
//   valueRenderOption defaults to FORMATTED_VALUE: every cell comes back as the string shown
//   in the sheet (42 → "42", TRUE → "TRUE"); UNFORMATTED_VALUE gives numbers and booleans.
// - POST …/values/{range}:append and PUT …/values/{range} require valueInputOption (RAW or
//   USER_ENTERED): without it, 400 "'valueInputOption' is required but not specified".
//   USER_ENTERED parses what a user would type ("42" becomes the number 42, "TRUE" a boolean,
//   a leading apostrophe keeps text); RAW stores values as given. Append writes after the last
//   row of the table found in the range and answers {spreadsheetId, tableRange, updates:{…}}.
// - A range naming a tab that does not exist: 400 "Unable to parse range: …".
// - Errors are {"error": {"code", "message", "status"}}.
// Collection `rows`: one record per non-empty row {spreadsheetId, sheet, row (1-based), values}
// where values holds the cells' effective values (numbers as numbers, text as strings, "" for
// an empty cell before the last filled one). The collection is the sheet: reads are built from it.
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
type Cell = string | number | boolean;

interface SheetsSeed {
  spreadsheets: {
    spreadsheetId: string;
    title: string;
    sheets: { title: string; sheetId?: number; rows?: Cell[][] }[];
  }[];
}

function gerr(code: number, message: string, status: string): MockResponse {
  return json(code, { error: { code, message, status } });
}

function colNumber(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}
function colLetters(n: number): string {
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

interface Range {
  sheet: string;
  c1: number;
  r1: number;
  c2: number; // Infinity when open
  r2: number;
}

function quoteSheet(title: string): string {
  return /^[A-Za-z0-9_]+$/.test(title) ? title : `'${title.replace(/'/g, "''")}'`;
}

function a1(sheet: string, c1: number, r1: number, c2: number, r2: number): string {
  return `${quoteSheet(sheet)}!${colLetters(c1)}${r1}:${colLetters(c2)}${r2}`;
}

export const mock: VendorMock = {
  vendor: 'google-sheets',
  references: [
    'https://developers.google.com/sheets/api/reference/rest/v4/spreadsheets.values/get',
    'https://developers.google.com/sheets/api/reference/rest/v4/spreadsheets.values/append',
    'https://developers.google.com/sheets/api/reference/rest/v4/spreadsheets.values/update',
    'https://developers.google.com/sheets/api/reference/rest/v4/spreadsheets.values/batchGet',
    'https://developers.google.com/sheets/api/reference/rest/v4/spreadsheets.values/batchUpdate',
    'https://developers.google.com/sheets/api/reference/rest/v4/ValueInputOption',
    'https://developers.google.com/sheets/api/reference/rest/v4/ValueRenderOption',
    'https://developers.google.com/sheets/api/guides/concepts#cell',
    'https://developers.google.com/sheets/api/guides/values#append_values',
  ],
  unauthorized: () =>
    gerr(
      401,
      'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
      'UNAUTHENTICATED',
    ),
  create(seedInput: unknown, _ctx: VendorContext): VendorInstance {
    const seed = (seedInput ?? { spreadsheets: [] }) as SheetsSeed;
    const books = seed.spreadsheets.map((b) => ({
      spreadsheetId: b.spreadsheetId,
      title: b.title,
      sheets: b.sheets.map((s, i) => ({
        title: s.title,
        sheetId: s.sheetId ?? (i === 0 ? 0 : 100000 + i),
      })),
    }));
    const rows: Rec[] = [];
    for (const b of seed.spreadsheets) {
      for (const s of b.sheets) {
        (s.rows ?? []).forEach((values, i) => {
          if (values.length)
            rows.push({
              spreadsheetId: b.spreadsheetId,
              sheet: s.title,
              row: i + 1,
              values: [...values],
            });
        });
      }
    }

    const grid = (id: string, sheet: string): Cell[][] => {
      const out: Cell[][] = [];
      for (const r of rows) {
        if (r.spreadsheetId !== id || r.sheet !== sheet) continue;
        out[r.row - 1] = [...(r.values as Cell[])];
      }
      for (let i = 0; i < out.length; i++) out[i] ??= [];
      return out;
    };
    const setCells = (id: string, sheet: string, top: number, left: number, values: Cell[][]) => {
      values.forEach((line, i) => {
        const rowNo = top + i;
        let rec = rows.find((r) => r.spreadsheetId === id && r.sheet === sheet && r.row === rowNo);
        if (!rec) {
          rec = { spreadsheetId: id, sheet, row: rowNo, values: [] };
          rows.push(rec);
        }
        const cells = rec.values as Cell[];
        line.forEach((v, j) => {
          const at = left - 1 + j;
          while (cells.length < at) cells.push('');
          cells[at] = v;
        });
        while (cells.length && cells[cells.length - 1] === '') cells.pop();
      });
      for (let i = rows.length - 1; i >= 0; i--)
        if (!(rows[i]!.values as Cell[]).length) rows.splice(i, 1);
      rows.sort((a, b) =>
        a.spreadsheetId === b.spreadsheetId
          ? a.sheet === b.sheet
            ? a.row - b.row
            : a.sheet < b.sheet
              ? -1
              : 1
          : a.spreadsheetId < b.spreadsheetId
            ? -1
            : 1,
      );
    };

    const parseRange = (book: (typeof books)[number], raw: string): Range | string => {
      let sheetPart: string | null = null;
      let cells = raw;
      const bang = raw.lastIndexOf('!');
      if (bang >= 0) {
        sheetPart = raw.slice(0, bang);
        cells = raw.slice(bang + 1);
      } else if (
        book.sheets.some((s) => s.title === raw.replace(/^'(.*)'$/, '$1').replace(/''/g, "'"))
      ) {
        sheetPart = raw;
        cells = '';
      }
      let sheet = book.sheets[0]?.title ?? 'Sheet1';
      if (sheetPart !== null) {
        const name = sheetPart.replace(/^'(.*)'$/, '$1').replace(/''/g, "'");
        const found = book.sheets.find((s) => s.title === name);
        if (!found) return `Unable to parse range: ${raw}`;
        sheet = found.title;
      }
      if (cells === '') return { sheet, c1: 1, r1: 1, c2: Infinity, r2: Infinity };
      const m = /^([A-Za-z]*)(\d*)(?::([A-Za-z]*)(\d*))?$/.exec(cells);
      if (!m || (!m[1]! && !m[2]!)) return `Unable to parse range: ${raw}`;
      const c1 = m[1]! ? colNumber(m[1]!) : 1;
      const r1 = m[2]! ? Number(m[2]!) : 1;
      if (m[3]! === undefined && m[4]! === undefined) {
        return { sheet, c1, r1, c2: m[1]! ? c1 : Infinity, r2: m[2]! ? r1 : Infinity };
      }
      const c2 = m[3]! ? colNumber(m[3]!) : Infinity;
      const r2 = m[4]! ? Number(m[4]!) : Infinity;
      return { sheet, c1, r1, c2, r2 };
    };

    const render = (v: Cell, option: string): Cell => {
      if (option === 'UNFORMATTED_VALUE') return v;
      if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
      return String(v);
    };

    const readRange = (book: (typeof books)[number], range: Range, q: URLSearchParams | Rec) => {
      const get = (k: string) => (q instanceof URLSearchParams ? q.get(k) : q[k]);
      const option = String(get('valueRenderOption') ?? 'FORMATTED_VALUE');
      const major = String(get('majorDimension') ?? 'ROWS');
      const g = grid(book.spreadsheetId, range.sheet);
      const rMax = Math.min(range.r2, g.length);
      const width = Math.max(0, ...g.map((r) => r.length));
      const cMax = Math.min(range.c2, width);
      let values: Cell[][] = [];
      for (let r = range.r1; r <= rMax; r++) {
        const line = (g[r - 1] ?? []).slice(range.c1 - 1, cMax).map((v) => render(v, option));
        while (line.length && line[line.length - 1] === '') line.pop();
        values.push(line);
      }
      while (values.length && !values[values.length - 1]!.length) values.pop();
      if (major === 'COLUMNS') {
        const cols: Cell[][] = [];
        values.forEach((line, i) =>
          line.forEach((v, j) => {
            cols[j] ??= [];
            cols[j][i] = v;
          }),
        );
        values = cols.map((c) => Array.from(c, (v) => v ?? ''));
      }
      const endRow = range.r2 === Infinity ? Math.max(range.r1, g.length) : range.r2;
      const endCol = range.c2 === Infinity ? Math.max(range.c1, width, 26) : range.c2;
      const out: Rec = {
        range: a1(
          range.sheet,
          range.c1,
          range.r1,
          endCol,
          Math.max(endRow, range.r2 === Infinity ? 1000 : endRow),
        ),
        majorDimension: major,
      };
      if (values.length) out.values = values;
      return out;
    };

    const parseInput = (values: unknown, option: string): Cell[][] | string => {
      if (!Array.isArray(values))
        return (
          "Invalid value at 'data.values' (type.googleapis.com/google.protobuf.ListValue), " +
          JSON.stringify(values)
        );
      const out: Cell[][] = [];
      for (let i = 0; i < values.length; i++) {
        const line = values[i];
        if (!Array.isArray(line))
          return `Invalid value at 'data.values[${i}]' (type.googleapis.com/google.protobuf.ListValue), ${JSON.stringify(line)}`;
        const cells: Cell[] = [];
        for (let j = 0; j < line.length; j++) {
          const v = line[j];
          if (v === null || v === undefined) {
            cells.push('');
            continue;
          }
          if (typeof v === 'object')
            return `Invalid values[${i}][${j}]: struct_value {${JSON.stringify(v)}}`;
          if (typeof v === 'number' || typeof v === 'boolean') {
            cells.push(v);
            continue;
          }
          const s = String(v);
          if (option === 'USER_ENTERED') {
            if (s.startsWith("'")) cells.push(s.slice(1));
            else if (/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(s.trim()))
              cells.push(Number(s.trim()));
            else if (/^(true|false)$/i.test(s.trim()))
              cells.push(s.trim().toLowerCase() === 'true');
            else cells.push(s);
          } else cells.push(s);
        }
        out.push(cells);
      }
      return out;
    };

    const inputOption = (q: URLSearchParams | Rec): string | MockResponse => {
      const v = q instanceof URLSearchParams ? q.get('valueInputOption') : q.valueInputOption;
      if (!v)
        return gerr(400, "'valueInputOption' is required but not specified", 'INVALID_ARGUMENT');
      if (v !== 'RAW' && v !== 'USER_ENTERED')
        return gerr(
          400,
          `Invalid value at 'value_input_option' (type.googleapis.com/google.apps.sheets.v4.ValueInputOption), "${v}"`,
          'INVALID_ARGUMENT',
        );
      return v;
    };

    const write = (book: (typeof books)[number], range: Range, values: Cell[][]) => {
      setCells(book.spreadsheetId, range.sheet, range.r1, range.c1, values);
      const width = Math.max(0, ...values.map((v) => v.length));
      const cells = values.reduce((n, v) => n + v.length, 0);
      return {
        spreadsheetId: book.spreadsheetId,
        updatedRange: a1(
          range.sheet,
          range.c1,
          range.r1,
          range.c1 + Math.max(width, 1) - 1,
          range.r1 + Math.max(values.length, 1) - 1,
        ),
        updatedRows: values.length,
        updatedColumns: width,
        updatedCells: cells,
      };
    };

    return {
      collections: () => ({ rows }),
      handle(req: MockRequest): MockResponse {
        const m =
          /^\/v4\/spreadsheets\/([^/]+)(?:\/values(?:\/(.+)|:(batchGet|batchUpdate|batchClear)))?$/.exec(
            req.path,
          );
        if (!m) return gerr(404, 'Requested entity was not found.', 'NOT_FOUND');
        let id = decodeURIComponent(m[1]!);
        let special: string | null = null;
        const colon = /^(.*):(batchUpdate|getByDataFilter)$/.exec(id);
        if (colon) {
          id = colon[1]!;
          special = colon[2]!;
        }
        const book = books.find((b) => b.spreadsheetId === id);
        if (!book) return gerr(404, 'Requested entity was not found.', 'NOT_FOUND');

        if (special === 'batchUpdate')
          return gerr(
            400,
            'Invalid requests: this mock only serves the values collection',
            'INVALID_ARGUMENT',
          );
        if (m[2]! === undefined && m[3]! === undefined) {
          if (req.method !== 'GET')
            return gerr(404, 'Requested entity was not found.', 'NOT_FOUND');
          return json(200, {
            spreadsheetId: book.spreadsheetId,
            properties: { title: book.title, locale: 'en_US', timeZone: 'Etc/GMT' },
            sheets: book.sheets.map((s, index) => ({
              properties: {
                sheetId: s.sheetId,
                title: s.title,
                index,
                sheetType: 'GRID',
                gridProperties: { rowCount: 1000, columnCount: 26 },
              },
            })),
            spreadsheetUrl: `https://docs.google.com/spreadsheets/d/${book.spreadsheetId}/edit`,
          });
        }

        if (m[3]! === 'batchGet') {
          const ranges = req.query.getAll('ranges');
          const valueRanges: Rec[] = [];
          for (const r of ranges) {
            const range = parseRange(book, r);
            if (typeof range === 'string') return gerr(400, range, 'INVALID_ARGUMENT');
            valueRanges.push(readRange(book, range, req.query));
          }
          return json(200, { spreadsheetId: book.spreadsheetId, valueRanges });
        }
        if (m[3]! === 'batchUpdate') {
          const body = (req.body ?? {}) as Rec;
          const opt = inputOption(body);
          if (typeof opt !== 'string') return opt;
          if (!Array.isArray(body.data))
            return gerr(
              400,
              'Invalid data: data must be a list of value ranges',
              'INVALID_ARGUMENT',
            );
          const responses: Rec[] = [];
          for (const d of body.data as Rec[]) {
            const range = parseRange(book, String(d.range ?? ''));
            if (typeof range === 'string') return gerr(400, range, 'INVALID_ARGUMENT');
            const values = parseInput(d.values, opt);
            if (typeof values === 'string') return gerr(400, values, 'INVALID_ARGUMENT');
            responses.push(write(book, range, values));
          }
          return json(200, {
            spreadsheetId: book.spreadsheetId,
            totalUpdatedRows: responses.reduce((n, r) => n + r.updatedRows, 0),
            totalUpdatedCells: responses.reduce((n, r) => n + r.updatedCells, 0),
            responses,
          });
        }

        let rangeText = decodeURIComponent(m[2]! as string);
        let action: string | null = null;
        const act = /^(.*):(append|clear)$/.exec(rangeText);
        if (act) {
          rangeText = act[1]!;
          action = act[2]!;
        }
        const range = parseRange(book, rangeText);
        if (typeof range === 'string') return gerr(400, range, 'INVALID_ARGUMENT');

        if (req.method === 'GET' && !action) return json(200, readRange(book, range, req.query));

        if (req.method === 'POST' && action === 'append') {
          const opt = inputOption(req.query);
          if (typeof opt !== 'string') return opt;
          const body = (req.body ?? {}) as Rec;
          const values = parseInput(body.values, opt);
          if (typeof values === 'string') return gerr(400, values, 'INVALID_ARGUMENT');
          const g = grid(book.spreadsheetId, range.sheet);
          // The table: the last non-empty row at or below the range's first row.
          let last = 0;
          for (let r = range.r1; r <= g.length; r++)
            if ((g[r - 1] ?? []).some((v) => v !== '')) last = r;
          const top = last ? last + 1 : range.r1;
          const tableRange = last
            ? a1(
                range.sheet,
                range.c1,
                range.r1,
                Math.max(range.c1, Math.max(0, ...g.map((l) => l.length))),
                last,
              )
            : undefined;
          const updates = write(book, { ...range, r1: top }, values);
          const out: Rec = { spreadsheetId: book.spreadsheetId, updates };
          if (tableRange) out.tableRange = tableRange;
          return json(200, out);
        }

        if (req.method === 'PUT' && !action) {
          const opt = inputOption(req.query);
          if (typeof opt !== 'string') return opt;
          const body = (req.body ?? {}) as Rec;
          const values = parseInput(body.values, opt);
          if (typeof values === 'string') return gerr(400, values, 'INVALID_ARGUMENT');
          return json(200, write(book, range, values));
        }

        if (req.method === 'POST' && action === 'clear') {
          for (let i = rows.length - 1; i >= 0; i--) {
            const r = rows[i]!;
            if (
              r.spreadsheetId === book.spreadsheetId &&
              r.sheet === range.sheet &&
              r.row >= range.r1 &&
              r.row <= range.r2
            )
              rows.splice(i, 1);
          }
          return json(200, { spreadsheetId: book.spreadsheetId, clearedRange: rangeText });
        }
        return gerr(404, 'Requested entity was not found.', 'NOT_FOUND');
      },
    };
  },
};
