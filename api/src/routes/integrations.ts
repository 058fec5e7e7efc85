// /api/integrations: every route is scoped to the signed-in user; another user's id answers 404.
import { Hono, type TypedResponse } from 'hono';
import { describeRoute } from 'hono-openapi';
import { z } from 'zod';
import {
  ZCallWarning,
  ZCompilePlanRequest,
  ZCreateIntegrationRequest,
  ZIntegration,
  ZIntegrationDescriptions,
  ZIntegrationListItem,
  ZIntegrationVersion,
  ZListIntegrationsQuery,
  ZUpdateIntegrationRequest,
  type TIntegrationListItem,
} from '@patchbay/schema';
import type { AppDeps } from '../app-deps.ts';
import type { AppEnv } from '../app-env.ts';
import { currentUser, currentUserId, requireAuth } from '../auth/middleware.ts';
import { buildExportZip, exportFileName } from '@patchbay/runtime/export';
import {
  createIntegration,
  credentialNotices,
  deleteIntegration,
  getIntegration,
  listIntegrations,
  listVersions,
  updateIntegration,
} from '../integrations/integration-store.ts';
import {
  codeWarnings,
  integrationDescriptions,
  integrationListItem,
  integrationResponse,
} from '../integrations/integration-response.ts';
import { IntegrationListCache } from '../integrations/list-cache.ts';
import { compileEditedPlan } from '../integrations/plan-compile.ts';
import { revokeConnection } from '../oauth/revoke-connection.ts';
import {
  effectiveSignature,
  signingSecretNotices,
  sourceWebhooks,
} from '../integrations/webhook-settings.ts';
import {
  deleteScheduleOrLeaveToReconciler,
  syncScheduleOrLeaveToReconciler,
} from '../runtime/schedule-sync.ts';
import { exportAuthConfig } from '../oauth/oauth-flow.ts';
import { jsonBody, queryParams } from '../validate.ts';
import { empty, errors, json, SIGNED_IN } from '../route-docs.ts';

const utf8 = new TextEncoder();

export function integrationRoutes(deps: AppDeps) {
  const { sql, vault } = deps;
  const listCache = new IntegrationListCache();
  return new Hono<AppEnv>()
    .use(requireAuth)
    .get(
      '/',
      describeRoute({
        summary: 'List integrations, newest first, each with its last deployed run',
        security: SIGNED_IN,
        responses: { 200: json('Integrations', z.array(ZIntegrationListItem)), ...errors(401) },
      }),
      queryParams(ZListIntegrationsQuery),
      async (c) => {
        const user = currentUser(c);
        const query = c.req.valid('query');
        // Only the whole list is kept: a filtered one is a search, read fresh.
        const whole = !query.status && !query.q;
        let body = whole ? listCache.get(user.id, user.integrations_revision) : undefined;
        if (!body) {
          const rows = await listIntegrations(sql, user.id, query);
          body = utf8.encode(JSON.stringify(rows.map(integrationListItem)));
          if (whole) listCache.set(user.id, user.integrations_revision, body);
        }
        // The bytes are JSON of TIntegrationListItem[]; say so to hono/client (AppType).
        return c.body(body, 200, {
          'content-type': 'application/json',
        }) as unknown as TypedResponse<TIntegrationListItem[], 200, 'json'>;
      },
    )
    .post(
      '/',
      describeRoute({
        summary: 'Create an integration (status draft)',
        security: SIGNED_IN,
        responses: { 201: json('The integration', ZIntegration), ...errors(401, 403, 413) },
      }),
      jsonBody(ZCreateIntegrationRequest),
      async (c) => {
        const body = c.req.valid('json');
        const row = await createIntegration(sql, vault, currentUserId(c), body);
        const notices = [...credentialNotices(body), ...signingSecretNotices(body)];
        return c.json(
          { ...integrationResponse(row, deps.auth.appUrl), ...(notices.length ? { notices } : {}) },
          201,
        );
      },
    )
    .get(
      '/:id',
      describeRoute({
        summary: 'One integration',
        security: SIGNED_IN,
        responses: { 200: json('The integration', ZIntegration), ...errors(401, 404) },
      }),
      async (c) =>
        c.json(
          integrationResponse(
            await getIntegration(sql, currentUserId(c), c.req.param('id')),
            deps.auth.appUrl,
          ),
        ),
    )
    .put(
      '/:id',
      describeRoute({
        summary: 'Update, save code, deploy, pause or resume',
        security: SIGNED_IN,
        responses: {
          200: json(
            'The updated integration, with the static check of its code against the APIs’ descriptions',
            ZIntegration.extend({ codeWarnings: z.array(ZCallWarning) }),
          ),
          ...errors(401, 403, 404, 409, 413),
        },
      }),
      jsonBody(ZUpdateIntegrationRequest),
      async (c) => {
        const body = c.req.valid('json');
        const { before, after, ended } = await updateIntegration(
          sql,
          vault,
          currentUserId(c),
          c.req.param('id'),
          body,
        );
        // Deploy, pause, resume, a new schedule or trigger: make the Temporal Schedule match
        // (a webhook or manual trigger has none).
        if (
          before.status !== after.status ||
          before.trigger !== after.trigger ||
          JSON.stringify(before.schedule) !== JSON.stringify(after.schedule)
        ) {
          await syncScheduleOrLeaveToReconciler(deps, after);
        }
        const notices = [...credentialNotices(body), ...signingSecretNotices(body)];
        // Accounts whose endpoints moved are ended already; their tokens are revoked where they
        // were issued, with the integration as it was (ADR 029).
        for (const { side, connection, reason } of ended) {
          const revoked = await revokeConnection(deps, before, side, connection);
          notices.push(
            `The ${side} account was disconnected: ${reason}. ${revoked.revocation === 'revoked' ? 'The provider revoked them. ' : revoked.message ? `${revoked.message} ` : ''}Connect it again.`,
          );
        }
        return c.json({
          ...integrationResponse(after, deps.auth.appUrl),
          codeWarnings: codeWarnings(after),
          ...(notices.length ? { notices } : {}),
        });
      },
    )
    .post(
      '/:id/plan',
      describeRoute({
        summary: 'Compile an edited plan into new code, saved as a version ("edited plan")',
        description:
          'The plan is the one `generationReport.plan` holds, as the person corrected it. 409 HAND_EDITED when the code was edited by hand since its plan last compiled and `replaceHandEdits` is not true; 409 NO_DESCRIPTION when a side has no API description; 422 PLAN_NOT_COMPILABLE when the plan names an operation or resource its description lacks.',
        security: SIGNED_IN,
        responses: {
          200: json(
            'The integration with the compiled code and its checklist',
            ZIntegration.extend({ codeWarnings: z.array(ZCallWarning) }),
          ),
          ...errors(400, 401, 403, 404, 409, 413, 422),
        },
      }),
      jsonBody(ZCompilePlanRequest),
      async (c) => {
        const after = await compileEditedPlan(
          sql,
          currentUserId(c),
          c.req.param('id'),
          c.req.valid('json'),
        );
        return c.json({
          ...integrationResponse(after, deps.auth.appUrl),
          codeWarnings: codeWarnings(after),
        });
      },
    )
    .delete(
      '/:id',
      describeRoute({
        summary: 'Delete an integration',
        security: SIGNED_IN,
        responses: { 204: empty('Deleted'), ...errors(401, 403, 404) },
      }),
      async (c) => {
        const row = await getIntegration(sql, currentUserId(c), c.req.param('id'));
        // The schedule first, then the row (its versions, state and runs go with it).
        await deleteScheduleOrLeaveToReconciler(deps, row.id);
        await deleteIntegration(sql, currentUserId(c), row.id);
        return c.body(null, 204);
      },
    )
    .get(
      '/:id/descriptions',
      describeRoute({
        summary: 'The API descriptions both sides use, whole (for the editor)',
        security: SIGNED_IN,
        responses: {
          200: json('Source and destination descriptions', ZIntegrationDescriptions),
          ...errors(401, 404),
        },
      }),
      async (c) =>
        c.json(
          integrationDescriptions(await getIntegration(sql, currentUserId(c), c.req.param('id'))),
        ),
    )
    .get(
      '/:id/versions',
      describeRoute({
        summary: 'Code versions, newest first',
        security: SIGNED_IN,
        responses: { 200: json('Versions', z.array(ZIntegrationVersion)), ...errors(401, 404) },
      }),
      async (c) => c.json(await listVersions(sql, currentUserId(c), c.req.param('id'))),
    )
    .get(
      '/:id/export',
      describeRoute({
        summary: 'Download a standalone Node project (zip)',
        security: SIGNED_IN,
        responses: {
          200: {
            description: 'A zip file, without credentials',
            content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
          },
          ...errors(401, 404),
        },
      }),
      async (c) => {
        const row = await getIntegration(sql, currentUserId(c), c.req.param('id'));
        // The export carries code and configuration only: credentials stay in the vault.
        const zip = buildExportZip({
          name: row.name,
          code: row.generated_code,
          schedule: row.schedule,
          source: {
            name: row.source_api_name,
            baseUrl: row.source_api_url,
            authType: row.source_auth_type,
            // A connected account's token URL, for the export to refresh it.
            authConfig: exportAuthConfig(row, 'source'),
          },
          destination: {
            name: row.dest_api_name,
            baseUrl: row.dest_api_url,
            authType: row.dest_auth_type,
            // A connected account's token URL, for the export to refresh it.
            authConfig: exportAuthConfig(row, 'destination'),
          },
          // A webhook integration's export receives its webhook (listen.js).
          ...(row.trigger === 'webhook'
            ? {
                webhook: {
                  signature: effectiveSignature(row),
                  eventIdPath: sourceWebhooks(row)?.eventIdPath,
                },
              }
            : {}),
          exportedAt: new Date(),
        });
        return c.body(new Uint8Array(zip), 200, {
          'Content-Type': 'application/zip',
          'Content-Disposition': `attachment; filename="${exportFileName(row.name)}"`,
        });
      },
    );
}
