-- At most one successful record per run, whatever the attempt: an attempt that timed out
-- while queued can still finish after its retry has committed; the second commit now
-- fails on this index and rolls back its state changes (ADR 011).
create unique index runs_one_success_per_run on runs (workflow_id, run_id) where status = 'success';
