import { z } from 'zod';
import { ZCronExpression, ZTimeZone } from './triggers.ts';

// When an integration runs: its own module, since integrations, the generation plan and the
// workflow payloads all name it and must not import each other for it.

/** Interval schedule in minutes (1 minute to 1 day). */
export const ZIntervalSchedule = z.strictObject({
  everyMinutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60),
});
export type TIntervalSchedule = z.infer<typeof ZIntervalSchedule>;

/** A cron expression read in an IANA time zone (a Temporal cron spec with timezone). */
export const ZCronSchedule = z.strictObject({ cron: ZCronExpression, timeZone: ZTimeZone });
export type TCronSchedule = z.infer<typeof ZCronSchedule>;

/** When a `schedule` trigger fires: an interval or cron + zone (`nextFireTimes` in cron.ts). */
export const ZSchedule = z.union([ZIntervalSchedule, ZCronSchedule], {
  error: 'must be { everyMinutes } or { cron, timeZone }',
});
export type TSchedule = z.infer<typeof ZSchedule>;
export const DEFAULT_SCHEDULE: TIntervalSchedule = { everyMinutes: 15 };
