-- Issue 14 §3–4: which API description each side of an integration uses, stored with the
-- integration and with each code version (an imported OpenAPI document is kept whole, so a
-- later import does not change what an older version was written against). The value is a
-- TDescriptionChoice (schema/src/api-description.ts): {"kind":"auto"} matches the catalog from
-- the API Name and Base URL when read.
alter table integrations
  add column source_description jsonb not null default '{"kind":"auto"}',
  add column dest_description jsonb not null default '{"kind":"auto"}';

alter table integration_versions
  add column source_description jsonb,
  add column dest_description jsonb;
