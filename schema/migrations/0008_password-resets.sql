-- Issue 18 §11: "Forgot password?". A reset link carries a random token; only its SHA-256 is
-- stored (as for sessions and API tokens, ADR 007). A token works once and for 30 minutes.
create table password_resets (
  token_hash bytea primary key,
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index password_resets_user_idx on password_resets (user_id);
