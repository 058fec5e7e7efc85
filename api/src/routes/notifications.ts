// Notification channels (ADR 022), mounted under /api/notifications: the account's
// email and webhook channels, which integrations each alerts, and Send test. The alerts
// themselves are decided and sent by the worker (workers/src/activities/send-alert.ts); so is
// the test alert, so a webhook URL is only ever reached through the worker's network guard.
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import {
  alertUrlContext,
  alertUrlHint,
  ZChannelTestResult,
  ZCreateChannelRequest,
  ZNotificationChannel,
  ZNotificationChannelList,
  ZUpdateChannelRequest,
  type TChannelRouting,
  type TChannelTestResult,
  type TNotificationChannelList,
  type TSendTestAlertResult,
} from '@patchbay/schema';
import { encrypt } from '@patchbay/schema/vault';
import { testAlertWorkflowId, WORKFLOW_NAMES, type workflows } from '@patchbay/workflows';
import {
  deleteChannel,
  findChannelOfUser,
  insertChannel,
  integrationIdsOfUser,
  listChannels,
  toNotificationChannel,
  updateChannel,
  type ChannelFields,
} from '@patchbay/db';
import type { AppDeps } from '../app-deps.ts';
import type { AppEnv } from '../app-env.ts';
import { currentUser, currentUserId, requireAuth } from '../auth/middleware.ts';
import { consume } from '../auth/rate-limits.ts';
import { awaitWorkflowResult } from '../await-workflow.ts';
import { ApiError, mailNotConfigured } from '../errors.ts';
import { empty, errors, json, SIGNED_IN } from '../route-docs.ts';
import { jsonBody } from '../validate.ts';
import { workflowFailure } from '../workflow-failure.ts';

const ROUTING_NOTE =
  '`integrationIds` is "all" (every integration of the account, the default) or a list of ' +
  "the account's integration ids. An account starts with one channel: email to its own " +
  'address for every integration.';

export function notificationRoutes(deps: AppDeps) {
  const { sql } = deps;

  /** Routing may name only the caller's own integrations. */
  const checkedRouting = async (userId: string, routing: TChannelRouting | undefined) => {
    if (routing === undefined || routing === 'all') return routing;
    const owned = await integrationIdsOfUser(sql, userId, routing);
    const unknown = routing.filter((id) => !owned.has(id));
    if (unknown.length > 0) {
      throw new ApiError(
        400,
        'UNKNOWN_INTEGRATION',
        `integrationIds: no integration of yours has the id ${unknown.join(', ')}`,
      );
    }
    return routing;
  };

  const sealedUrl = (channelId: string, url: string) => ({
    target: encrypt(deps.vault, url, alertUrlContext(channelId)),
    targetHint: alertUrlHint(url),
  });

  const channelOf = async (userId: string, channelId: string) => {
    const channel = await findChannelOfUser(sql, userId, channelId);
    if (!channel) throw new ApiError(404, 'NOT_FOUND', 'Notification channel not found');
    return channel;
  };

  return new Hono<AppEnv>()
    .use(requireAuth)
    .get(
      '/channels',
      describeRoute({
        summary: "The account's notification channels",
        description: ROUTING_NOTE,
        security: SIGNED_IN,
        responses: {
          200: json('Channels, oldest first', ZNotificationChannelList),
          ...errors(401),
        },
      }),
      async (c) => {
        const rows = await listChannels(sql, currentUserId(c));
        const body: TNotificationChannelList = { channels: rows.map(toNotificationChannel) };
        return c.json(body);
      },
    )
    .post(
      '/channels',
      describeRoute({
        summary: 'Add an email or webhook channel',
        description:
          `${ROUTING_NOTE} An email channel without \`address\` goes to the account's address. ` +
          'A webhook channel receives a JSON POST with a Slack-compatible `text` field; its URL ' +
          'is sealed by the vault and shown afterwards only as its origin and last characters.',
        security: SIGNED_IN,
        responses: { 201: json('The channel', ZNotificationChannel), ...errors(400, 401) },
      }),
      jsonBody(ZCreateChannelRequest),
      async (c) => {
        const userId = currentUserId(c);
        const request = c.req.valid('json');
        const id = randomUUID();
        const routing = (await checkedRouting(userId, request.integrationIds)) ?? 'all';
        const target =
          request.type === 'email'
            ? { target: request.address ?? null, targetHint: null }
            : sealedUrl(id, request.url);
        const row = await insertChannel(sql, {
          id,
          userId,
          type: request.type,
          name: request.name,
          ...target,
          enabled: request.enabled ?? true,
          integrationIds: routing,
        });
        return c.json(toNotificationChannel(row), 201);
      },
    )
    .put(
      '/channels/:id',
      describeRoute({
        summary: 'Change a channel: name, address or URL, enabled, integrations',
        description: `What is left out stays. ${ROUTING_NOTE}`,
        security: SIGNED_IN,
        responses: { 200: json('The channel', ZNotificationChannel), ...errors(400, 401, 404) },
      }),
      jsonBody(ZUpdateChannelRequest),
      async (c) => {
        const userId = currentUserId(c);
        const channel = await channelOf(userId, c.req.param('id'));
        const request = c.req.valid('json');
        if (channel.type === 'email' && request.url !== undefined) {
          throw new ApiError(400, 'VALIDATION_FAILED', 'url: an email channel has an address');
        }
        if (channel.type === 'webhook' && request.address !== undefined) {
          throw new ApiError(400, 'VALIDATION_FAILED', 'address: a webhook channel has a url');
        }
        const changes: Partial<ChannelFields> = {};
        if (request.name !== undefined) changes.name = request.name;
        if (request.enabled !== undefined) changes.enabled = request.enabled;
        const routing = await checkedRouting(userId, request.integrationIds);
        if (routing !== undefined) changes.integrationIds = routing;
        if (request.address !== undefined) changes.target = request.address;
        if (request.url !== undefined) Object.assign(changes, sealedUrl(channel.id, request.url));
        const row = await updateChannel(sql, userId, channel.id, changes);
        if (!row) throw new ApiError(404, 'NOT_FOUND', 'Notification channel not found');
        return c.json(toNotificationChannel(row));
      },
    )
    .delete(
      '/channels/:id',
      describeRoute({
        summary: 'Delete a channel',
        description: 'Deleting the account email channel stops email alerts; it is not re-created.',
        security: SIGNED_IN,
        responses: { 204: empty('Deleted'), ...errors(401, 404) },
      }),
      async (c) => {
        const deleted = await deleteChannel(sql, currentUserId(c), c.req.param('id'));
        if (!deleted) throw new ApiError(404, 'NOT_FOUND', 'Notification channel not found');
        return c.body(null, 204);
      },
    )
    .post(
      '/channels/:id/test',
      describeRoute({
        summary: 'Send test: a test alert through the channel, now',
        description:
          'Sent by the worker (webhook URLs pass its network guard), once, even to a disabled ' +
          'channel. 502 ALERT_NOT_DELIVERED carries what the SMTP server or the receiver said; ' +
          'an email channel on a server without SMTP is 503 MAIL_NOT_CONFIGURED, as password ' +
          'reset is.',
        security: SIGNED_IN,
        responses: {
          200: json("Delivered, with the server's answer", ZChannelTestResult),
          ...errors(401, 404, 429, 502, 503, 504),
        },
      }),
      async (c) => {
        const user = currentUser(c);
        const channel = await channelOf(user.id, c.req.param('id'));
        // Each test sends mail or a request at the user's word: counted with their runs.
        await consume(deps.auth.rateLimits.runsByUser, user.id);
        const handle = await deps.temporal.workflow.start<typeof workflows.sendTestAlert>(
          WORKFLOW_NAMES.sendTestAlert,
          {
            taskQueue: deps.taskQueue,
            workflowId: testAlertWorkflowId(channel.id, randomUUID()),
            args: [{ channelId: channel.id, userId: user.id }],
          },
        );
        const result = await awaitWorkflowResult<TSendTestAlertResult>(
          handle,
          deps.workflowWaitMs,
          'The test alert',
        ).catch((error: unknown) => {
          throw workflowFailure(error, 'ALERT_NOT_DELIVERED');
        });
        if (result.mailNotConfigured) throw mailNotConfigured(result.detail);
        if (!result.delivered) throw new ApiError(502, 'ALERT_NOT_DELIVERED', result.detail);
        const body: TChannelTestResult = { delivered: true, detail: result.detail };
        return c.json(body);
      },
    );
}
