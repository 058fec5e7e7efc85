-- Accounts: users, sessions (Lucia's current model), Google links, personal API tokens,
-- the audit log and the rate-limit counters (issue "Accounts", DESIGN.md §3 and §10).

create table users (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  -- Null for accounts that only sign in with Google.
  password_hash text,
  first_name text,
  last_name text,
  plan text not null default 'free' check (plan in ('free', 'pro')),
  created_at timestamptz not null default now()
);
-- Email addresses are unique whatever their case.
create unique index users_email_lower_key on users (lower(email));

create table sessions (
  id text primary key,
  -- SHA-256 of the secret half of the token; the token itself is never stored.
  secret_hash bytea not null,
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index sessions_user_id_idx on sessions (user_id);

create table oauth_accounts (
  provider text not null,
  provider_user_id text not null,
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (provider, provider_user_id)
);
create index oauth_accounts_user_id_idx on oauth_accounts (user_id);

create table api_tokens (
  id text primary key,
  user_id uuid not null references users (id) on delete cascade,
  name text not null,
  secret_hash bytea not null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz
);
create index api_tokens_user_id_idx on api_tokens (user_id);

create table audit_log (
  id bigint generated always as identity primary key,
  -- Kept when the account is deleted (policy: audit logs are kept 1 year).
  user_id uuid references users (id) on delete set null,
  action text not null,
  target text,
  ip text,
  at timestamptz not null default now()
);
create index audit_log_user_id_idx on audit_log (user_id);
create index audit_log_at_idx on audit_log (at);

-- rate-limiter-flexible's PostgreSQL store (its own layout; tableCreated: true).
create table rate_limits (
  key varchar(255) primary key,
  points integer not null default 0,
  expire bigint
);
