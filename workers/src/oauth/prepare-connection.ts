// What the sandbox host gets for one side of a run (ADR 024). An authorization-code
// connection gets an access token that is good for the next minute (refreshed here, before the
// run, when it is not), a way to refresh it after a 401, and the values to redact. Every other
// connection passes through as it is. Tokens stay in this process: never in the isolate.
import { ApplicationFailure } from '@temporalio/activity';
import type { TConnectionFailureType, TConnectionSide } from '@patchbay/schema';
import type { LoadedConnection } from '../activities/load-integration.ts';
import { RequestFailedError } from '@patchbay/runtime/network';
import type { SandboxConnection } from '../sandbox/types.ts';
import {
  authCodeConnection,
  ConnectionNeedsReconnectError,
  ConnectionSetupError,
  freshAccessToken,
  RefreshFailedError,
  type ConnectionTokenDeps,
} from './connection-tokens.ts';

export function usesAuthorizationCode(connection: LoadedConnection): boolean {
  return connection.authType === 'oauth' && connection.authConfig.grant === 'authorization_code';
}

/**
 * The side as the sandbox takes it. Throws a Temporal ApplicationFailure the run cannot get past:
 * non-retryable when the user must act (reconnect, add an app), retryable when the provider failed.
 */
export async function prepareConnection(
  deps: ConnectionTokenDeps,
  integrationId: string,
  side: TConnectionSide,
  connection: LoadedConnection,
): Promise<SandboxConnection> {
  const plain: SandboxConnection = {
    baseUrl: connection.baseUrl,
    authType: connection.authType,
    authConfig: connection.authConfig,
    secret: connection.secret,
  };
  if (!usesAuthorizationCode(connection)) return plain;
  try {
    const account = await authCodeConnection(deps, { integrationId, side }, connection);
    const tokens = await freshAccessToken(deps, account);
    return {
      ...plain,
      secret: tokens.accessToken,
      redactAlso: [tokens.refreshToken, account.client.clientSecret].filter(
        (value): value is string => value !== null,
      ),
      refreshAccessToken: async (refused) => {
        try {
          return (await freshAccessToken(deps, account, refused)).accessToken;
        } catch (error) {
          // Inside the run, the sandbox reports it to the code as a failed request.
          throw new RequestFailedError(
            error instanceof Error ? error.message : String(error),
            error instanceof RefreshFailedError,
          );
        }
      },
    };
  } catch (error) {
    throw asActivityFailure(error);
  }
}

/** Before the run: the connection's state as the activity's failure. */
function asActivityFailure(error: unknown): unknown {
  // The types are schema's CONNECTION_FAILURES: the API answers them with 422.
  const userMustAct = (message: string, type: TConnectionFailureType) =>
    ApplicationFailure.nonRetryable(message, type);
  if (error instanceof ConnectionNeedsReconnectError)
    return userMustAct(error.message, 'ConnectionNeedsReconnect');
  if (error instanceof ConnectionSetupError) return userMustAct(error.message, 'ConnectionSetup');
  if (error instanceof RefreshFailedError)
    return ApplicationFailure.retryable(error.message, error.name);
  return error;
}
