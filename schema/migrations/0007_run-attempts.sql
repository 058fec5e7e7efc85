-- Issue 18 §7: every attempt of a deployed run, so a run that succeeded on its third attempt
-- shows the two failures before it and how long each waited. The `runs` row stays the run's
-- one record (its final attempt, with the transcript); this table holds only small facts per
-- attempt, so listing them next to a page of runs stays cheap.
create table run_attempts (
  workflow_id text not null,
  run_id text not null,
  attempt integer not null,
  integration_id uuid not null references integrations (id) on delete cascade,
  status text not null check (status in ('success', 'failed')),
  started_at timestamptz not null,
  duration_ms integer not null,
  -- name and message only (no stack, no transcript).
  error jsonb,
  -- The wait before the next attempt, and why: the API's Retry-After or the policy's backoff.
  -- Null when there is no next attempt (a success, a non-retryable error, the last attempt).
  wait_ms integer,
  wait_reason text check (wait_reason in ('retry-after', 'backoff')),
  primary key (workflow_id, run_id, attempt)
);
create index run_attempts_integration_idx on run_attempts (integration_id);
