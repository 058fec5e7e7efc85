-- Deployed runs: saved state between runs and the run history (issue "Deployed runs",
-- DESIGN.md §3 and §5).

-- Bumped by every commit of state, so a hand edit (PUT /state) can check it is current.
alter table integrations add column state_version bigint not null default 0;

create table integration_state (
  integration_id uuid not null references integrations (id) on delete cascade,
  key text not null,
  value jsonb not null,
  primary key (integration_id, key)
);

create table runs (
  id bigint generated always as identity primary key,
  integration_id uuid not null references integrations (id) on delete cascade,
  kind text not null check (kind in ('test', 'scheduled', 'manual')),
  -- The Temporal execution behind the run; one record per (workflow, run, attempt), so
  -- a retried activity that already committed never writes a second one.
  workflow_id text not null,
  run_id text not null,
  attempt integer not null,
  status text not null check (status in ('success', 'failed')),
  started_at timestamptz not null,
  duration_ms integer not null,
  data jsonb,
  logs jsonb not null default '[]',
  requests jsonb not null default '[]',
  state_changes jsonb,
  error jsonb,
  unique (workflow_id, run_id, attempt)
);
create index runs_integration_started_idx on runs (integration_id, started_at desc);
create index runs_started_idx on runs (started_at);
