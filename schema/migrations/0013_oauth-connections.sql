-- Issue 21 (ADR 024): OAuth 2.0 authorization-code connections. Every token, verifier and
-- client secret is sealed by the vault (ADR 009), bound to its row and field.

-- Operators' OAuth apps, one per provider: a catalog id (salesforce) or an authorize URL.
create table oauth_apps (
  id uuid primary key default gen_random_uuid(),
  provider text not null unique,
  client_id text not null,
  client_secret text not null,
  client_secret_hint text not null,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- One connected account per integration side.
create table oauth_connections (
  integration_id uuid not null references integrations (id) on delete cascade,
  side text not null check (side in ('source', 'destination')),
  status text not null check (status in ('connected', 'needs-reconnect')),
  account_label text,
  access_token text not null,
  refresh_token text,
  expires_at timestamptz,
  scopes text,
  last_error text,
  connected_at timestamptz not null default now(),
  refreshed_at timestamptz,
  primary key (integration_id, side)
);

-- Pending authorizations: the state is stored as its SHA-256, single use, ten minutes.
create table oauth_authorizations (
  state_hash text primary key,
  integration_id uuid not null references integrations (id) on delete cascade,
  side text not null check (side in ('source', 'destination')),
  user_id uuid not null references users (id) on delete cascade,
  code_verifier text not null,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index oauth_authorizations_expires_at on oauth_authorizations (expires_at);
