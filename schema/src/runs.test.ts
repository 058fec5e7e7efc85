import { describe, expect, it } from 'vitest';
import { toTestRunResponse, ZTestRunResponse, type TRunOutcome } from './runs.ts';

const outcome: TRunOutcome = {
  status: 'failed',
  data: null,
  logs: ['[info] hi'],
  requests: [],
  stateChanges: { set: { cursor: 3 }, deleted: [] },
  error: { name: 'HttpError', message: 'GET /items → 503', status: 503, retryable: true },
  durationMs: 12,
  attempt: 1,
  mode: 'dry-run',
  captured: [],
  summary: 'read 0 items',
  recordsRead: 0,
  codeVersion: 4,
};

describe('toTestRunResponse', () => {
  it('shows the outcome with its workflow, and leaves out what only the run record keeps', () => {
    const body = toTestRunResponse(outcome, 'test:1:abc', 'live');
    expect(body).toStrictEqual({
      status: 'failed',
      data: null,
      logs: ['[info] hi'],
      requests: [],
      stateChanges: { set: { cursor: 3 }, deleted: [] },
      error: outcome.error,
      durationMs: 12,
      workflowId: 'test:1:abc',
      mode: 'dry-run',
      captured: [],
      summary: 'read 0 items',
    });
    expect(ZTestRunResponse.parse(body)).toStrictEqual(body);
  });

  it('falls back to the requested mode and empty capture when the outcome has none', () => {
    const { mode: _mode, captured: _captured, summary: _summary, error: _error, ...bare } = outcome;
    expect(toTestRunResponse(bare, 'w', 'live')).toMatchObject({
      mode: 'live',
      captured: [],
      summary: '',
    });
    expect(toTestRunResponse(bare, 'w', 'live')).not.toHaveProperty('error');
  });
});
