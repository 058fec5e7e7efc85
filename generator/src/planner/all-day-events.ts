import { leaves, TIME_FORMATS } from './field-match.ts';
import { namedTimeField } from './plan-periods.ts';
import type { GroundedPlan } from './plan-types.ts';
import { recordSchema } from './plan-write.ts';

// "an all-day event on its due date": a calendar event takes a day in `start.date` and
// `end.date`. Where the destination documents its end as exclusive (Google Calendar), a one-day
// event ends on the next day, so the end is the same day moved by one.

const ALL_DAY =
  /\ball[- ]day\b[^.;\n]*?\bon\s+(?:its|the|their|each\s+\w+['’]s)\s+([a-z][\w ]{1,40}?)(?=\s*(?:[,.;)\n]|$|\b(?:titled|named|called|with|and|as)\b))/i;

export function planAllDayEvents(text: string, plan: GroundedPlan): void {
  const read = plan.source;
  const write = plan.destination;
  if (!read || !write) return;
  const m = ALL_DAY.exec(text);
  if (!m?.[1]) return;
  const day = namedTimeField(m[1], read.resource);
  if (!day || !TIME_FORMATS.has(day.schema.format ?? '')) return;
  const targets = leaves(recordSchema(write), 2);
  const start = targets.find((l) => l.path === 'start.date' && l.schema.format === 'date');
  const end = targets.find((l) => l.path === 'end.date' && l.schema.format === 'date');
  if (!start || !end) return;
  const endObject = targets.find((l) => l.path === 'end');
  const exclusive = /\bexclusive\b/i.test(
    `${endObject?.schema.description ?? ''} ${end.schema.description ?? ''}`,
  );
  write.rules = write.rules.filter((r) => !/^(?:start|end)\./.test(r.to));
  const rule = (to: string, shiftDays?: number) => ({
    to,
    from: day.path,
    type: 'string' as const,
    format: 'date',
    ...(day.schema.format ? { fromFormat: day.schema.format } : {}),
    ...(shiftDays ? { shiftDays } : {}),
    reason: 'the prompt',
  });
  write.rules.push(rule('start.date'), rule('end.date', exclusive ? 1 : undefined));
  plan.understood.push(
    `An all-day event on each ${read.resource.name}'s ${day.path} ("${m[0].trim()}")${exclusive ? `: ${write.resource.name}s end on the next day, since their end is exclusive` : ''}.`,
  );
}
