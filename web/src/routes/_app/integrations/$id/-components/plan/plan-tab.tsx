import { Alert, Button, Divider, Group, List, Stack, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import {
  ZGenerationPlan,
  type TGenerationPlan,
  type TIntegration,
  type TIntegrationDescriptions,
} from '@patchbay/schema';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../../../../lib/api-client.ts';
import { PlanDryRun } from './plan-dry-run.tsx';
import { PlanExtrasSection } from './plan-extras-section.tsx';
import { findResource, schemaFields } from './plan-fields.ts';
import { PlanFiltersSection } from './plan-filters-section.tsx';
import { PlanOrderSection } from './plan-order-section.tsx';
import { PlanReadSection } from './plan-read-section.tsx';
import { PlanWriteSection } from './plan-write-section.tsx';
import { useSavePlan } from './use-save-plan.ts';

/** Alert titles in the text colour: the tinted title colour is below 4.5:1 in the light theme. */
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

interface PlanTabProps {
  integration: TIntegration;
  plan: TGenerationPlan;
  descriptions: TIntegrationDescriptions | undefined;
  /** The editor holds changes not saved yet: compiling would throw them away. */
  editorDirty: boolean;
  onCompiled: (updated: TIntegration) => Promise<void>;
}

/**
 * The plan as a form (ADR 034): what the generator understood, each choice a control built
 * from the plan schema and options from the two API descriptions. Saving compiles new code (a
 * version "Edited plan") and dry-runs it at once.
 */
export function PlanTab({
  integration,
  plan,
  descriptions,
  editorDirty,
  onCompiled,
}: PlanTabProps) {
  const [draft, setDraft] = useState<TGenerationPlan>(plan);
  const [saved, setSaved] = useState<TGenerationPlan>(plan);
  // A plan from elsewhere (generated again, a version restored) replaces the form; the one this
  // tab just compiled is already in it.
  const [shown, setShown] = useState(plan);
  if (plan !== shown) {
    setShown(plan);
    if (JSON.stringify(plan) !== JSON.stringify(saved)) {
      setDraft(plan);
      setSaved(plan);
    }
  }
  const saver = useSavePlan({
    integration,
    onCompiled: async (updated) => {
      const compiled = updated.generationReport?.plan;
      if (compiled) {
        setDraft(compiled);
        setSaved(compiled);
      }
      await onCompiled(updated);
    },
  });
  const changed = JSON.stringify(draft) !== JSON.stringify(saved);
  const source = descriptions?.source ?? null;
  const destination = descriptions?.destination ?? null;
  const sourceFields = useMemo(
    () => schemaFields(findResource(source, draft.source?.resource)?.schema, 2),
    [source, draft.source?.resource],
  );
  const invalid = ZGenerationPlan.safeParse(draft);

  if (!descriptions) {
    return (
      <Text size="sm" c="dimmed" role="status">
        Loading the API descriptions the plan is built from…
      </Text>
    );
  }
  if (!source || !destination) {
    return (
      <Alert
        variant="light"
        color="yellow"
        title="The plan needs both APIs described"
        styles={READABLE_TITLE}
      >
        The {source ? 'destination' : 'source'} has no API description, so the plan has nothing to
        offer or compile against. Choose one in its Edit connection panel, or edit the code.
      </Alert>
    );
  }

  const resourcePlural = findResource(source, draft.source?.resource)?.plural ?? 'records';
  return (
    <Stack gap="md" p="md">
      {!integration.generationReport?.current && (
        <Alert
          variant="light"
          color="yellow"
          title="The code was edited by hand"
          styles={READABLE_TITLE}
        >
          This plan describes the code before those edits. Saving it compiles new code in their
          place; you are asked first, and the edited code stays restorable in Versions.
        </Alert>
      )}
      {draft.blocking.length > 0 && (
        <Alert
          variant="light"
          color="red"
          title="What stops the code before it writes"
          styles={READABLE_TITLE}
        >
          <List size="sm" aria-label="Blocking gaps">
            {draft.blocking.map((gap) => (
              <List.Item key={gap}>{gap}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {draft.source && (
        <PlanReadSection
          plan={draft}
          read={draft.source}
          description={source}
          onChange={(read) => setDraft({ ...draft, source: read })}
        />
      )}
      <Divider />
      <PlanFiltersSection
        filters={draft.filters}
        fields={sourceFields}
        resourcePlural={resourcePlural}
        onChange={(filters) => setDraft({ ...draft, filters })}
      />
      <PlanOrderSection
        sort={draft.sort}
        fields={sourceFields}
        onChange={(sort) => {
          const { sort: _sort, ...rest } = draft;
          setDraft(sort ? { ...rest, sort } : rest);
        }}
      />
      <Divider />
      {draft.destination && (
        <PlanWriteSection
          plan={draft}
          write={draft.destination}
          description={destination}
          sourceFields={sourceFields}
          onChange={(write) => setDraft({ ...draft, destination: write })}
        />
      )}
      <Divider />
      <PlanExtrasSection
        plan={draft}
        source={source}
        destination={destination}
        sourceFields={sourceFields}
        onChange={setDraft}
      />
      <Divider />
      {!invalid.success && (
        <Alert
          variant="light"
          color="red"
          title="The plan cannot be saved yet"
          styles={READABLE_TITLE}
        >
          <List size="sm">
            {invalid.error.issues.map((issue) => (
              <List.Item key={`${issue.path.join('.')}:${issue.message}`}>
                {issue.path.join(' › ')}: {issue.message}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {saver.error && (
        <Alert
          variant="light"
          color="red"
          title="The plan was not compiled"
          styles={READABLE_TITLE}
          role="alert"
        >
          {errorMessage(saver.error, 'The plan could not be compiled.')}
        </Alert>
      )}
      {editorDirty && (
        <Text size="sm">
          The editor has unsaved changes to the code: save or undo them before saving the plan,
          which writes new code.
        </Text>
      )}
      <Group gap="sm">
        <Button
          leftSection={<IconDeviceFloppy size={16} aria-hidden="true" />}
          onClick={() => invalid.success && saver.save(invalid.data)}
          loading={saver.saving}
          disabled={!invalid.success || editorDirty || saver.dryRun?.status === 'running'}
        >
          Save plan and dry-run
        </Button>
        <Button
          variant="default"
          disabled={!changed || saver.saving}
          onClick={() => setDraft(saved)}
        >
          Undo plan changes
        </Button>
        {changed && (
          <Text size="sm" c="dimmed">
            Unsaved plan changes
          </Text>
        )}
      </Group>
      {saver.dryRun && <PlanDryRun state={saver.dryRun} write={draft.destination} />}
      <ConfirmDialog
        opened={saver.askingToReplace}
        title="Replace your hand edits?"
        confirmLabel="Replace hand edits"
        loading={saver.saving}
        onConfirm={saver.replaceHandEdits}
        onClose={saver.cancelReplace}
      >
        <Text size="sm">
          The code was edited by hand since this plan last compiled. Saving the plan compiles new
          code in its place.
        </Text>
        <Text size="sm">
          Nothing is lost: the hand-edited code stays a version you can restore from Versions.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
