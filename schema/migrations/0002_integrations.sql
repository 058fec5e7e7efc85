-- Integrations, their code versions, and the key check of the credential vault
-- (issue "Integrations", DESIGN.md §3, ADR 009).

-- Free plan: 5 integrations in the account's lifetime (spec §9), counted here so that
-- deleting one does not free a slot and two parallel creates cannot both pass.
alter table users add column integrations_created integer not null default 0;

create table integrations (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  name text not null,
  user_prompt text not null,
  source_api_name text not null,
  source_api_url text not null,
  source_auth_type text not null check (source_auth_type in ('api-key', 'bearer', 'oauth', 'basic', 'none')),
  source_auth_config jsonb not null default '{}',
  -- AES-256-GCM ciphertext `kid:base64(iv|tag|ct)`, bound to (id, 'source'); never plaintext.
  source_credential text,
  source_credential_hint text,
  dest_api_name text not null,
  dest_api_url text not null,
  dest_auth_type text not null check (dest_auth_type in ('api-key', 'bearer', 'oauth', 'basic', 'none')),
  dest_auth_config jsonb not null default '{}',
  dest_credential text,
  dest_credential_hint text,
  generated_code text not null default '',
  status text not null default 'draft' check (status in ('draft', 'active', 'paused', 'failed')),
  schedule jsonb not null default '{"everyMinutes": 15}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index integrations_user_created_idx on integrations (user_id, created_at desc);

create table integration_versions (
  integration_id uuid not null references integrations (id) on delete cascade,
  version integer not null,
  origin text not null check (origin in ('generated', 'edited', 'deployed')),
  code text not null,
  created_at timestamptz not null default now(),
  primary key (integration_id, version)
);

-- One row per encryption key id: a known value encrypted with it. At start-up the API
-- decrypts each, so a wrong APP_ENCRYPTION_KEYS stops it instead of writing garbage.
create table vault_key_checks (
  kid text primary key,
  check_value text not null,
  created_at timestamptz not null default now()
);
