import { z } from 'zod';

// Every error answer is JSON `{message, code}`; validation errors add `issues`,
// and so does a refused deploy (ADR 031), whose issues each carry their own code.
export const ZApiError = z.object({
  message: z.string(),
  code: z.string(),
  issues: z
    .array(
      z.object({
        path: z.array(z.union([z.string(), z.number()])),
        message: z.string(),
        code: z.string().optional(),
      }),
    )
    .optional(),
});
export type TApiError = z.infer<typeof ZApiError>;
