-- Issue 16, ADR 021: webhook intake. Each integration has an unguessable token for its URL
-- `POST /hooks/<token>` (only answered while its trigger is 'webhook'); rotating replaces it, so
-- the old URL answers 404 at once. Two random UUIDs give 244 random bits; a rotation in the API
-- writes 32 random bytes as hex.
alter table integrations
  add column webhook_token text not null
    default replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''),
  -- The integration's own signature settings (TWebhookSignature); null: the source API
  -- description's `webhooks.signature`, else none.
  add column webhook_signature jsonb,
  -- The provider's signing secret, sealed by the vault like the credentials (ADR 009), bound
  -- to (id, 'webhook'); the hint is its last characters.
  add column webhook_secret text,
  add column webhook_secret_hint text;
create unique index integrations_webhook_token_idx on integrations (webhook_token);

-- Every delivery the endpoint answered past the token check: what arrived, whether its signature
-- held, whether it was a redelivery, and the workflow it started. Headers (signature and auth
-- headers removed) and body are kept for replay, for the run-log retention (db/src/retention.ts).
create table webhook_events (
  id bigint generated always as identity primary key,
  integration_id uuid not null references integrations (id) on delete cascade,
  -- The provider's event id, or sha256:<hex of body>.
  event_id text not null,
  received_at timestamptz not null default now(),
  verified boolean not null,
  duplicate boolean not null default false,
  status text not null check (status in ('started', 'duplicate', 'rejected')),
  workflow_id text,
  headers jsonb not null default '{}',
  -- JSON, form fields as an object, or the raw text; null for rejected deliveries.
  body jsonb,
  error text,
  -- A replay of another event row (the events log's Replay).
  replay_of bigint references webhook_events (id) on delete set null
);
create index webhook_events_integration_idx on webhook_events (integration_id, id desc);
create index webhook_events_received_idx on webhook_events (received_at);
