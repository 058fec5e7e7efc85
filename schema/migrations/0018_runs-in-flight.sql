-- A deployed run from the moment its first attempt starts until its run record is written, so
-- the run history can show it while it retries ("attempt 2 of 5, next try at …") instead of
-- nothing for the half-minute its backoff takes. The failed attempts so far are in run_attempts;
-- this row says which attempt runs now and since when. The run record's insert deletes it in
-- the same transaction; a row whose workflow ended without one (terminated by an operator) is
-- hidden once stale and pruned daily.
create table runs_in_flight (
  workflow_id text not null,
  run_id text not null,
  integration_id uuid not null references integrations (id) on delete cascade,
  kind text not null,
  -- The first attempt's start: where the run's wall-clock duration begins.
  started_at timestamptz not null,
  attempt integer not null,
  attempt_started_at timestamptz not null,
  primary key (workflow_id, run_id)
);
create index runs_in_flight_integration_idx on runs_in_flight (integration_id);

-- A version made by restoring an earlier one says which (issue 29 §5: "Restored from v3").
alter table integration_versions add column restored_from integer;
