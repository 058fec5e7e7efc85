-- ADR 029: a connected account's tokens only go to the origins they were issued for. Moving the
-- side's API, authorize, token, revocation or UserInfo URL to another origin ends the
-- connection: it is kept as 'needs-reconnect', with the reason, but without its tokens (they
-- were revoked at the provider where it allows). So an access token may now be absent.
alter table oauth_connections alter column access_token drop not null;
