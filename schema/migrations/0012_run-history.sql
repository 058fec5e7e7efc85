-- Issue 17: re-runs, replays and a run history that pages without transcripts (ADR 023).

-- The integration_versions.version whose code the run ran (null for runs before this
-- migration, and for replays, which run the editor's unsaved code). 'Re-run as it ran' starts
-- that version again.
alter table runs add column code_version integer;

-- The history pages by id, newest first, optionally by kind and status.
create index runs_integration_id_idx on runs (integration_id, id desc);
