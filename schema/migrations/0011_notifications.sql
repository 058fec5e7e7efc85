-- Issue 17 (ADR 022): notification channels per account, which integrations each one alerts,
-- the last alert sent per integration, and the alerts themselves with their deliveries.

create table notification_channels (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  type text not null check (type in ('email', 'webhook')),
  name text not null,
  -- email: the address, or null for the account's own (sign-up) address, read when sending;
  -- webhook: the URL sealed by the vault (`kid:…`), since a Slack or Discord URL's path is
  -- its secret.
  target text,
  -- What the console shows of a webhook URL: its origin and the last characters of its path.
  target_hint text,
  enabled boolean not null default true,
  -- null: every integration of the account; else only these.
  integration_ids uuid[],
  created_at timestamptz not null default now(),
  check (type = 'email' or (target is not null and target_hint is not null))
);
create index notification_channels_user_idx on notification_channels (user_id, created_at);

-- The default channel (email to the account's address, every integration) is made once per
-- account; this row says it was, so a user who deletes it does not get it back.
create table notification_defaults (
  user_id uuid primary key references users (id) on delete cascade,
  created_at timestamptz not null default now()
);

-- The last alert sent for an integration. A failed run alerts only when this is not 'failed',
-- a successful deployed run only when it is: once per transition, never per failed tick. It
-- changes in the transaction that records the run, under the integration's row lock.
create table integration_alert_state (
  integration_id uuid primary key references integrations (id) on delete cascade,
  last_alert text not null check (last_alert in ('failed', 'recovered')),
  changed_at timestamptz not null default now()
);

-- One row per decided alert (an outbox): written with the run record, delivered by the
-- deliverAlert workflow, which retries until every channel has it.
create table alerts (
  id uuid primary key default gen_random_uuid(),
  integration_id uuid not null references integrations (id) on delete cascade,
  transition text not null check (transition in ('failed', 'recovered')),
  workflow_id text not null,
  run_id text not null,
  -- The run record the alert links to (runs.id).
  run_record_id bigint,
  error_message text,
  created_at timestamptz not null default now(),
  unique (workflow_id, run_id, transition)
);
create index alerts_integration_idx on alerts (integration_id, created_at desc);

-- What each channel got: a retry of the delivery skips the channels already served.
create table alert_deliveries (
  alert_id uuid not null references alerts (id) on delete cascade,
  channel_id uuid not null references notification_channels (id) on delete cascade,
  status text not null check (status in ('sent', 'refused')),
  detail text not null,
  attempted_at timestamptz not null default now(),
  primary key (alert_id, channel_id)
);
