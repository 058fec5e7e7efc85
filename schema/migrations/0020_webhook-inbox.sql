-- ADR 047: a webhook delivery is durable once its row commits here, and the API answers 202
-- then; a drainer starts its workflow afterwards. Temporal's start rate no longer bounds how
-- fast deliveries are accepted.
--
-- 'queued': accepted and kept, its workflow not started yet.
alter table webhook_events drop constraint webhook_events_status_check;
alter table webhook_events add constraint webhook_events_status_check
  check (status in ('queued', 'started', 'duplicate', 'rejected'));

alter table webhook_events
  -- The delivery that was accepted for a run: one per (integration, event id), so a redelivery
  -- is recognised by the insert itself, whatever state the first one's workflow is in.
  add column accepted boolean not null default false,
  -- The workflow's input exactly as the route built it, until the drainer has started it.
  -- json, not jsonb: jsonb reorders object keys, and ctx.event.body keeps the sender's order.
  add column input json;

-- Rows from before this migration: the first delivery of each event that started a run is the
-- accepted one. Later 'started' rows of the same event (a redelivery after Temporal forgot the
-- first) stay as they were, since they did start runs.
update webhook_events set accepted = true
where id in (
  select min(id) from webhook_events
  where status = 'started' and replay_of is null
  group by integration_id, event_id);

create unique index webhook_events_accepted_idx
  on webhook_events (integration_id, event_id) where accepted;
-- What the drainer reads, oldest first.
create index webhook_events_queued_idx on webhook_events (id) where status = 'queued';
