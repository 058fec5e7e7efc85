import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { ZHealthResponse, type THealthResponse } from '@patchbay/schema';
import { ping } from '@patchbay/db';
import type { AppDeps } from '../app-deps.ts';
import type { AppEnv } from '../app-env.ts';
import { json } from '../route-docs.ts';

const CHECK_TIMEOUT_MS = 3000;

/** GET /api/health: 200 when PostgreSQL and Temporal both answer, else 503 naming what is down. */
export function healthRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get(
    '/',
    describeRoute({
      summary: 'Health of the API, PostgreSQL and Temporal',
      responses: {
        200: json('All components answer', ZHealthResponse),
        503: json('A component is down (named in message)', ZHealthResponse),
      },
    }),
    async (c) => {
      const [database, temporal] = await Promise.all([
        check(() => ping(deps.sql)),
        check(() => deps.temporal.workflowService.getSystemInfo({})),
      ]);
      const down = [database === 'down' && 'database', temporal === 'down' && 'temporal'].filter(
        Boolean,
      );
      const body: THealthResponse = {
        status: down.length === 0 ? 'ok' : 'degraded',
        database,
        temporal,
        ...(down.length > 0 ? { message: `Unreachable: ${down.join(', ')}` } : {}),
      };
      return c.json(body, down.length === 0 ? 200 : 503);
    },
  );
}

async function check(probe: () => PromiseLike<unknown>): Promise<'ok' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe(), timeout]);
    return 'ok';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}
