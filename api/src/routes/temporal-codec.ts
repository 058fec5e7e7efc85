// The codec endpoint for the Temporal Web UI (ADR 009 "Payload codec"): Temporal holds only
// ciphertext, so the UI sends a history's payloads here to show
// them decoded. POST /api/temporal-codec/decode and /encode speak the codec server protocol
// ({payloads: [...]} in and out, protobuf JSON). Operators only: the payloads are every
// account's run data. The UI calls from its own origin (TEMPORAL_UI_URL) with the operator's
// session cookie (TEMPORAL_CODEC_INCLUDE_CREDENTIALS=true), so that origin gets CORS.
import { Hono, type MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { describeRoute } from 'hono-openapi';
import {
  createPayloadCodec,
  payloadFromJson,
  payloadToJson,
  PayloadCodecError,
  ZCodecPayloads,
  type CodecPayload,
  type TCodecPayloads,
} from '@patchbay/schema/temporal-codec';
import type { AppDeps } from '../app-deps.ts';
import type { AppEnv } from '../app-env.ts';
import { currentUser } from '../auth/middleware.ts';
import { ApiError } from '../errors.ts';
import { errors, json, SIGNED_IN } from '../route-docs.ts';
import { jsonBody } from '../validate.ts';

/** 401 signed out, 403 for an account that is not an operator (`npm run set-role`). */
const requireOperator: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (currentUser(c).role !== 'operator') {
    throw new ApiError(
      403,
      'OPERATORS_ONLY',
      'Only operators may decode Temporal payloads (npm run set-role -- <email> operator)',
    );
  }
  await next();
};

export function temporalCodecRoutes(deps: AppDeps) {
  const codec = createPayloadCodec(deps.vault);
  const convert = async (
    payloads: TCodecPayloads['payloads'],
    direction: (payloads: CodecPayload[]) => Promise<CodecPayload[]>,
  ): Promise<TCodecPayloads> => {
    try {
      return { payloads: (await direction(payloads.map(payloadFromJson))).map(payloadToJson) };
    } catch (error) {
      if (error instanceof PayloadCodecError)
        throw new ApiError(400, 'CODEC_FAILED', error.message);
      throw error;
    }
  };
  const docs = (summary: string, description: string) =>
    describeRoute({
      summary,
      description,
      security: SIGNED_IN,
      responses: {
        200: json('The payloads, in the order sent', ZCodecPayloads),
        ...errors(400, 401, 403, 413),
      },
    });

  return new Hono<AppEnv>()
    .use(
      cors({
        origin: new URL(deps.temporalUi.baseUrl).origin,
        credentials: true,
        allowMethods: ['POST'],
        allowHeaders: ['Content-Type', 'X-Namespace'],
        maxAge: 600,
      }),
    )
    .use(requireOperator)
    .post(
      '/decode',
      docs(
        'Temporal codec server: decrypt payloads for the Web UI (operators)',
        'Payloads the product did not encrypt pass through unchanged.',
      ),
      jsonBody(ZCodecPayloads),
      async (c) => c.json(await convert(c.req.valid('json').payloads, codec.decode)),
    )
    .post(
      '/encode',
      docs(
        'Temporal codec server: encrypt payloads for the Web UI (operators)',
        'Encrypted with the active key of APP_ENCRYPTION_KEYS, as the API and the workers do.',
      ),
      jsonBody(ZCodecPayloads),
      async (c) => c.json(await convert(c.req.valid('json').payloads, codec.encode)),
    );
}
