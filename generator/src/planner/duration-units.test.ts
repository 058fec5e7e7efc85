import { describe, expect, it } from 'vitest';
import { plan } from './catalog-plan.test-support.ts';
import { durationUnit } from './duration-units.ts';

// A span of time between units: seconds into hours, an ISO 8601 duration into hours.

describe('a span of time between units', () => {
  it('converts seconds into the hours the prompt asks for', () => {
    const planned = plan(
      'Nightly, send stopped Toggl entries from workspace 3131 to Harvest under project 9, task 10: hours = the duration in hours, notes = description.',
      'toggl-track',
      'harvest',
    );
    expect(planned.destination?.rules).toContainEqual(
      expect.objectContaining({
        to: 'hours',
        from: 'duration',
        duration: { from: 'seconds', to: 'hours' },
      }),
    );
  });

  it('converts an ISO 8601 duration into hours', () => {
    const planned = plan(
      'Nightly, send Clockify entries from workspace 5a1b2c3d4e5f60718293a4b5 to Harvest under project 9, task 10: hours = timeInterval.duration, notes = description.',
      'clockify',
      'harvest',
    );
    expect(planned.destination?.rules).toContainEqual(
      expect.objectContaining({
        to: 'hours',
        from: 'timeInterval.duration',
        duration: { from: 'iso8601', to: 'hours' },
      }),
    );
  });

  it('reads a field’s unit from its name or the opening of its description only', () => {
    const unit = (path: string, description?: string) =>
      durationUnit({
        path,
        schema: { type: 'integer', ...(description ? { description } : {}) },
        depth: 0,
      });
    expect(unit('timeSpentSeconds')).toBe('seconds');
    expect(unit('billable_minutes')).toBe('minutes');
    expect(unit('duration', 'Seconds; negative while running.')).toBe('seconds');
    expect(unit('length', 'ISO 8601 duration of the call')).toBe('iso8601');
    expect(unit('duration', 'How long it took, see the hours field.')).toBeUndefined();
    expect(unit('retries')).toBeUndefined();
  });
});
