-- Issue 19 (ADR 027): a counter per account that moves whenever its integrations list could
-- read differently: an integration inserted, updated or deleted, or a run recorded or
-- removed (the list shows each integration's last run). The API keeps the list it last
-- served per account and serves it again while the counter it reads with the session is
-- unchanged. The triggers run in the writing transaction, so a reader that sees the write
-- also sees the new counter, from any process.
alter table users add column integrations_revision bigint not null default 0;

-- Statement-level with a transition table, so a retention sweep that deletes thousands of
-- runs bumps each account once, not once per run.
create function bump_integrations_revision_of_integrations() returns trigger
language plpgsql as $$
begin
  update users set integrations_revision = integrations_revision + 1
  where id in (select user_id from changed_integrations);
  return null;
end $$;

create trigger integrations_inserted_bump_revision after insert on integrations
  referencing new table as changed_integrations
  for each statement execute function bump_integrations_revision_of_integrations();
create trigger integrations_updated_bump_revision after update on integrations
  referencing new table as changed_integrations
  for each statement execute function bump_integrations_revision_of_integrations();
create trigger integrations_deleted_bump_revision after delete on integrations
  referencing old table as changed_integrations
  for each statement execute function bump_integrations_revision_of_integrations();

create function bump_integrations_revision_of_runs() returns trigger
language plpgsql as $$
begin
  update users set integrations_revision = integrations_revision + 1
  where id in (
    select i.user_id from integrations i
    where i.id in (select integration_id from changed_runs));
  return null;
end $$;

create trigger runs_inserted_bump_revision after insert on runs
  referencing new table as changed_runs
  for each statement execute function bump_integrations_revision_of_runs();
create trigger runs_deleted_bump_revision after delete on runs
  referencing old table as changed_runs
  for each statement execute function bump_integrations_revision_of_runs();
