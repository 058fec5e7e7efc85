-- Issue 16: how an integration's deployed runs start (schema/src/triggers.ts). The schedule
-- column keeps its jsonb: an interval {"everyMinutes"} or a cron {"cron", "timeZone"}.
alter table integrations
  add column trigger text not null default 'schedule' check (trigger in ('schedule', 'webhook', 'manual'));

-- Run kinds (schema/src/runs.ts RUN_KINDS): webhook events (issue 16), re-runs and replays (issue 17).
alter table runs drop constraint runs_kind_check;
alter table runs
  add constraint runs_kind_check
  check (kind in ('test', 'scheduled', 'manual', 'webhook', 'rerun', 'replay'));
