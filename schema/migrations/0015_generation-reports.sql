-- The generator's requirement checklist and dry-run verdict, kept with the code they describe
-- (schema/src/generation-report.ts). The integration keeps the last one with the SHA-256 of
-- the code it describes, so the API can say whether a hand edit has outdated it; each version
-- keeps its own, for the Versions panel.
alter table integrations add column generation_report jsonb;
alter table integration_versions add column generation_report jsonb;
