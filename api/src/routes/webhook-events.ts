// An integration's webhook as its owner manages it (ADR 021): the events log, replaying
// an event, and rotating the URL's token. Mounted under /api/integrations; every route is scoped
// to the signed-in user.
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import type { z } from 'zod';
import {
  ZRunStarted,
  ZWebhookEventsPage,
  ZWebhookEventsQuery,
  ZWebhookRotated,
  type TWebhookEventsPage,
} from '@patchbay/schema';
import {
  findWebhookEvent,
  insertWebhookEvent,
  listWebhookEventsPage,
  rotateWebhookToken,
  toWebhookEvent,
} from '@patchbay/db';
import { webhookReplayWorkflowId } from '@patchbay/workflows';
import type { AppDeps } from '../app-deps.ts';
import type { AppEnv } from '../app-env.ts';
import { currentUser, currentUserId, requireAuth } from '../auth/middleware.ts';
import { consume } from '../auth/rate-limits.ts';
import { ApiError } from '../errors.ts';
import { getIntegration, notFound } from '../integrations/integration-store.ts';
import { newWebhookToken, webhookUrl } from '../integrations/webhook-settings.ts';
import { errors, json, SIGNED_IN } from '../route-docs.ts';
import { queryParams } from '../validate.ts';
import { startWebhookRun } from './hooks.ts';
import { temporalLink } from './runs.ts';

export function webhookEventRoutes(deps: AppDeps) {
  const { sql } = deps;

  return new Hono<AppEnv>()
    .use(requireAuth)
    .get(
      '/:id/events',
      describeRoute({
        summary: 'Webhook events log, newest first, paged',
        description:
          'Each delivery past the token check: verified or not, duplicate or not, and the run it started.',
        security: SIGNED_IN,
        responses: { 200: json('A page of events', ZWebhookEventsPage), ...errors(401, 404) },
      }),
      queryParams(ZWebhookEventsQuery),
      async (c) => {
        const integration = await getIntegration(sql, currentUserId(c), c.req.param('id'));
        const query = c.req.valid('query');
        const page = await listWebhookEventsPage(sql, integration.id, {
          limit: query.limit,
          before: query.before,
        });
        const body: TWebhookEventsPage = {
          events: page.rows.map((row) => ({
            id: row.id,
            eventId: row.event_id,
            receivedAt: row.received_at.toISOString(),
            verified: row.verified,
            duplicate: row.duplicate,
            status: row.status,
            workflowId: row.workflow_id,
            runId: row.run_record_id,
            runStatus: row.run_status,
            // The Temporal Web UI is an operator's tool, as in the run history.
            ...(row.workflow_id && row.run_temporal_id
              ? temporalLink(deps, currentUser(c), row.workflow_id, row.run_temporal_id)
              : {}),
            error: row.error,
          })),
          nextBefore: page.nextBefore,
        };
        return c.json(body);
      },
    )
    .post(
      '/:id/events/:eventId/replay',
      describeRoute({
        summary: 'Replay a webhook event: a new deployed run (kind webhook) with the same event',
        security: SIGNED_IN,
        responses: {
          202: json('Started', ZRunStarted.pick({ workflowId: true })),
          ...errors(401, 404, 409, 429, 503),
        },
      }),
      async (c) => {
        const integration = await getIntegration(sql, currentUserId(c), c.req.param('id'));
        const event = await findWebhookEvent(sql, integration.id, c.req.param('eventId'));
        if (!event) throw new ApiError(404, 'NOT_FOUND', 'Webhook event not found');
        if (!event.verified && event.body === null) {
          throw new ApiError(
            409,
            'NOT_REPLAYABLE',
            'This delivery failed its signature check: it was never accepted, so there is nothing to replay',
          );
        }
        if (integration.status === 'draft') {
          throw new ApiError(
            409,
            'DRAFT',
            'This integration is a draft: deploy it before replaying events',
          );
        }
        await consume(deps.auth.rateLimits.runsByUser, currentUserId(c));
        const workflowId = webhookReplayWorkflowId(integration.id, event.event_id, randomUUID());
        const replayed = toWebhookEvent(event);
        await startWebhookRun(deps, integration.id, replayed, workflowId);
        await insertWebhookEvent(sql, {
          integrationId: integration.id,
          eventId: event.event_id,
          receivedAt: new Date(),
          verified: event.verified,
          status: 'started',
          workflowId,
          headers: event.headers,
          body: event.body,
          error: null,
          replayOf: event.id,
        });
        return c.json({ workflowId }, 202);
      },
    )
    .post(
      '/:id/webhook/rotate',
      describeRoute({
        summary: 'A new webhook URL; the old one answers 404 at once',
        security: SIGNED_IN,
        responses: { 200: json('The new URL', ZWebhookRotated), ...errors(401, 404) },
      }),
      async (c) => {
        const token = newWebhookToken();
        if (!(await rotateWebhookToken(sql, currentUserId(c), c.req.param('id'), token))) {
          throw notFound();
        }
        return c.json({ url: webhookUrl(deps.auth.appUrl, token) } satisfies z.infer<
          typeof ZWebhookRotated
        >);
      },
    );
}
