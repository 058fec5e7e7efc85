-- A version can come from an edited plan: the Plan tab compiles new code from the plan a person
-- corrected (ADR 034), which is neither the generator's first answer nor a hand edit.
alter table integration_versions drop constraint integration_versions_origin_check;
alter table integration_versions
  add constraint integration_versions_origin_check
  check (origin in ('generated', 'edited', 'deployed', 'plan'));
