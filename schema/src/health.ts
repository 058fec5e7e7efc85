import { z } from 'zod';

export const ZComponentHealth = z.enum(['ok', 'down']);

// GET /api/health: 200 when every component answers, 503 naming what is down.
export const ZHealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: ZComponentHealth,
  temporal: ZComponentHealth,
  message: z.string().optional(),
});
export type THealthResponse = z.infer<typeof ZHealthResponse>;

// POST /api/ping: one round trip api → Temporal → worker → api.
export const ZPingRequest = z.strictObject({ message: z.string().min(1).max(200).default('ping') });
export type TPingRequest = z.infer<typeof ZPingRequest>;
export const ZPingResponse = z.object({
  reply: z.string(),
  workflowId: z.string(),
  roundTripMs: z.number(),
});
export type TPingResponse = z.infer<typeof ZPingResponse>;
