// Deploy only what can run (ADR 031): Save & Deploy, Resume, Run now, and changes to what an
// active integration runs are refused with 409 while a side lacks the credential its auth type
// needs (or a connected OAuth account), a `{placeholder}` is left in one of its URLs, or the
// code cannot run. One check, over the row as it would be after the change.
import { checkModule, describeModuleProblem } from '@patchbay/catalog/check-module';
import {
  listOAuthConnections,
  type IntegrationChanges,
  type IntegrationRow,
  type Sql,
} from '@patchbay/db';
import {
  credentialNeed,
  secretName,
  urlPlaceholders,
  type TApiError,
  type TConnectionSide,
  type TOAuthConnectionStatus,
} from '@patchbay/schema';
import { ApiError } from '../errors.ts';

export const READINESS_CODES = [
  'CREDENTIAL_MISSING',
  'URL_PLACEHOLDER',
  'CODE_NOT_RUNNABLE',
] as const;
type ReadinessCode = (typeof READINESS_CODES)[number];

export interface ReadinessProblem {
  code: ReadinessCode;
  message: string;
  /** The request field to change, as in PUT /api/integrations/:id (`sourceApiUrl`, …). */
  path: string[];
}

/** Each side's connected OAuth account, when it has one. */
export type ConnectedAccounts = Partial<Record<TConnectionSide, TOAuthConnectionStatus>>;

export async function connectedAccounts(sql: Sql, integrationId: string) {
  const accounts: ConnectedAccounts = {};
  for (const row of await listOAuthConnections(sql, integrationId)) accounts[row.side] = row.status;
  return accounts;
}

type Readable = Pick<
  IntegrationRow,
  | 'generated_code'
  | `${'source' | 'dest'}_${'api_name' | 'api_url' | 'auth_type' | 'auth_config' | 'credential'}`
>;

const CONFIG_URL_LABELS: Record<string, string> = {
  tokenUrl: 'token URL',
  authorizeUrl: 'authorize URL',
  revokeUrl: 'revocation URL',
  userinfoUrl: 'UserInfo URL',
};

const SIDES = [
  { side: 'source', column: 'source', field: 'source' },
  { side: 'destination', column: 'dest', field: 'dest' },
] as const;

/** Everything that keeps the integration from running, sides first, the code last. */
export function readinessProblems(row: Readable, accounts: ConnectedAccounts): ReadinessProblem[] {
  const problems: ReadinessProblem[] = [];
  for (const { side, column, field } of SIDES) {
    const name = row[`${column}_api_name`];
    const authType = row[`${column}_auth_type`];
    const config = row[`${column}_auth_config`];
    const label = `The ${side} API (${name})`;
    const need = credentialNeed(authType, config);
    if (need === 'secret' && !row[`${column}_credential`]) {
      problems.push({
        code: 'CREDENTIAL_MISSING',
        message: `${label} has no ${secretName(authType, config)}: add it in Edit connection.`,
        path: [`${field}ApiKeyEncrypted`],
      });
    }
    if (need === 'account' && accounts[side] !== 'connected') {
      problems.push({
        code: 'CREDENTIAL_MISSING',
        message:
          accounts[side] === 'needs-reconnect'
            ? `${label} needs its account connected again: reconnect it in Edit connection.`
            : `${label} has no connected account: connect one in Edit connection.`,
        path: [`${field}AuthConfig`, 'grant'],
      });
    }
    const urls: Array<[string[], string | undefined]> = [
      [[`${field}ApiUrl`], row[`${column}_api_url`]],
      ...(['tokenUrl', 'authorizeUrl', 'revokeUrl', 'userinfoUrl'] as const).map(
        (key): [string[], string | undefined] => [[`${field}AuthConfig`, key], config[key]],
      ),
    ];
    for (const [path, url] of urls) {
      const names = url ? urlPlaceholders(url) : [];
      if (names.length === 0) continue;
      const which = path[1] ? CONFIG_URL_LABELS[path[1]] : 'base URL';
      problems.push({
        code: 'URL_PLACEHOLDER',
        message: `${label}'s ${which} still has ${names.map((n) => `{${n}}`).join(', ')} in it: replace ${names.length === 1 ? 'it' : 'them'} with your value in Edit connection.`,
        path,
      });
    }
  }
  const check = checkModule(row.generated_code);
  if (!check.ok) {
    const problem = describeModuleProblem(check);
    problems.push({
      code: 'CODE_NOT_RUNNABLE',
      message: `The code cannot run: ${problem}`,
      path: ['generatedCode'],
    });
  }
  return problems;
}

/**
 * 409 naming every problem: the first one's code leads (a client that reads one code reads
 * that), the message says them all, and `issues` lists each with its field and its own code.
 */
export function refuseUnlessReady(row: Readable, accounts: ConnectedAccounts): void {
  const problems = readinessProblems(row, accounts);
  const [first] = problems;
  if (!first) return;
  const issues: TApiError['issues'] = problems.map(({ code, message, path }) => ({
    path,
    message,
    code,
  }));
  const message = problems.map((problem) => problem.message).join(' ');
  throw new ApiError(409, first.code, message, issues);
}

/** The columns a run reads: a change to one of them on an active integration is checked. */
const RUN_COLUMNS = [
  'generated_code',
  ...(['source', 'dest'] as const).flatMap(
    (column) =>
      [
        `${column}_api_url`,
        `${column}_auth_type`,
        `${column}_auth_config`,
        `${column}_credential`,
      ] as const,
  ),
] as const;

/**
 * Whether the change moves a side's endpoints to another origin; an account connected for the
 * old ones then ends (ADR 029, api/src/oauth/endpoint-origins.ts decides).
 */
type MovesAway = (side: TConnectionSide) => boolean;

/**
 * The rule of PUT /api/integrations/:id: deploying or resuming checks everything, and so does
 * any change to what an active integration runs, which must stay runnable. A draft, paused or
 * failed integration may hold work in progress.
 */
export function keepsRunnable(
  before: IntegrationRow,
  changes: IntegrationChanges,
  accounts: ConnectedAccounts,
  movesAway: MovesAway,
): void {
  const changed = (column: (typeof RUN_COLUMNS)[number]) =>
    changes[column] !== undefined &&
    JSON.stringify(changes[column]) !== JSON.stringify(before[column]);
  const goesLive = changes.status === 'active';
  const changesLive =
    before.status === 'active' && changes.status === undefined && RUN_COLUMNS.some(changed);
  if (!goesLive && !changesLive) return;

  const after = { ...before } as Record<string, unknown>;
  for (const [column, value] of Object.entries(changes)) {
    if (value !== undefined) after[column] = value;
  }
  const accountsAfter = { ...accounts };
  for (const { side } of SIDES) {
    if (movesAway(side)) delete accountsAfter[side];
  }
  refuseUnlessReady(after as unknown as IntegrationRow, accountsAfter);
}
