import { z } from 'zod';

// DESIGN.md §4: every error answer is JSON `{message, code}`; validation errors add `issues`.
export const ZApiError = z.object({
  message: z.string(),
  code: z.string(),
  issues: z
    .array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() }))
    .optional(),
});
export type TApiError = z.infer<typeof ZApiError>;
