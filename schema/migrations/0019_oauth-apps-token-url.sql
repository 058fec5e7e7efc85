-- ADR 029: an operator's OAuth app registered under an authorize URL (an API outside the
-- catalog) records the token URL it was registered with, so its client secret only goes there.
-- Apps registered before have none and are withheld until an operator registers them again.
alter table oauth_apps add column token_url text;
