-- Runs once, when the PostgreSQL volume is first initialised (docker-entrypoint-initdb.d).
-- Patchbay's data and Temporal's data live in separate databases owned by separate roles:
--   patchbay  owns database `patchbay` (the API applies its own migrations there);
--   temporal  may create databases; temporal-admin-tools creates `temporal` and
--             `temporal_visibility` with it and migrates their schema.
-- Passwords come from the container environment (see docker-compose.yml). A missing one
-- leaves the psql variable unset, which is a syntax error, so initialisation stops loudly.
\getenv patchbay_password PATCHBAY_DB_PASSWORD
\getenv temporal_password TEMPORAL_DB_PASSWORD

CREATE ROLE patchbay LOGIN PASSWORD :'patchbay_password';
CREATE DATABASE patchbay OWNER patchbay;

CREATE ROLE temporal LOGIN CREATEDB PASSWORD :'temporal_password';
