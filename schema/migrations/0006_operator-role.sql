-- Issue 20: an operator role. Operators run the installation: they see links to the Temporal
-- Web UI and may decode its payloads through the API's codec endpoint; everyone else is a
-- 'user'. The first account to sign up becomes the operator (db/src/users.ts insertUser);
-- `npm run set-role` names others.
alter table users
  add column role text not null default 'user' check (role in ('user', 'operator'));

-- An installation that already has accounts: its first one is the operator, as it would have
-- been had it signed up after this migration.
update users set role = 'operator'
where id = (select id from users order by created_at, id limit 1);
