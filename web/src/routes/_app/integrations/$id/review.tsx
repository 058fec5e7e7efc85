import {
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Tabs,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconArrowLeft,
  IconDeviceFloppy,
  IconDownload,
  IconFlask,
  IconPlayerPlay,
  IconRefresh,
  IconRocket,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { checkCalls, type CheckTarget } from '@patchbay/catalog/check-calls';
import {
  createFileRoute,
  Link,
  useBlocker,
  useNavigate,
  type ErrorComponentProps,
} from '@tanstack/react-router';
import {
  ZIntegration,
  ZRunDetail,
  ZRunsPage,
  ZTestRunResponse,
  type TConnectionSide,
  type TIntegration,
  type TIntegrationVersion,
  type TTestMode,
  type TTestRunResponse,
} from '@patchbay/schema';
import type { editor } from 'monaco-editor';
import { useDeferredValue, useMemo, useRef, useState } from 'react';
import { apiPath } from '@patchbay/schema/api-routes';
import { CodeProblemAlert } from '../../../../components/integrations/code-problem-alert.tsx';
import { StatusBadge } from '../../../../components/integrations/status-badge.tsx';
import { useRunIntegrationNow } from '../../../../components/integrations/use-integration-actions.ts';
import { PageError } from '../../../../components/page-error.tsx';
import { PagePending } from '../../../../components/page-pending.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { apiJson } from '../../../../lib/api-json.ts';
import {
  codeProblemPosition,
  deployProblems,
  type DeployProblem,
} from '../../../../lib/deploy-problems.ts';
import { failureSides, noRequestGotThrough } from '../../../../lib/failure-sentence.ts';
import { failureToast } from '../../../../lib/failure-toast.ts';
import { generatorInfo } from '../../../../lib/generator-memory.ts';
import type { CompletionSources } from '../../../../lib/monaco/call-completions.ts';
import { integrationDescriptionsQuery } from '../../../../lib/queries/catalog.ts';
import { integrationQueries, invalidateIntegration } from '../../../../lib/queries/integrations.ts';
import { toast } from '../../../../lib/toast.ts';
import { usePageMeta } from '../../../../lib/use-page-meta.ts';
import { ApiDescriptionsPanel } from './-components/api-descriptions-panel.tsx';
import { CodePanel } from './-components/code-panel.tsx';
import { CodeAndPlan, type CodeView } from './-components/plan/code-and-plan.tsx';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { ConnectionsCard } from './-components/connections-card.tsx';
import { DeployProblemsAlert } from './-components/deploy-problems-alert.tsx';
import { EventsPanel } from './-components/events-panel.tsx';
import { GenerationReportAlert } from './-components/generation-report-alert.tsx';
import { IntegrationDetails } from './-components/integration-details.tsx';
import { OAuthAccountsCard } from './-components/oauth-accounts-card.tsx';
import { RegenerateDialog } from './-components/regenerate-dialog.tsx';
import { RunsPanel, type StartedRun } from './-components/runs-panel.tsx';
import { SampleEventDialog } from './-components/sample-event-dialog.tsx';
import { StatePanel } from './-components/state-panel.tsx';
import { TestResultsDialog } from './-components/test-results-dialog.tsx';
import { VersionsPanel } from './-components/versions-panel.tsx';

export const Route = createFileRoute('/_app/integrations/$id/review')({
  // ?run=<workflow id>: an alert's run link (ADR 022) opens that run in the Runs tab.
  // ?edit=source|destination: a link to a side's Edit connection panel (ADR 031).
  validateSearch: (search: Record<string, unknown>): { run?: string; edit?: TConnectionSide } => ({
    ...(typeof search.run === 'string' && search.run !== '' ? { run: search.run } : {}),
    ...(search.edit === 'source' || search.edit === 'destination' ? { edit: search.edit } : {}),
  }),
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(integrationQueries.detail(params.id)),
  pendingComponent: PagePending,
  errorComponent: ReviewError,
  component: ReviewPage,
});

function ReviewPage() {
  const { id } = Route.useParams();
  // A fresh editor state per integration.
  return <Review key={id} id={id} />;
}

// The review sandbox: the editor, Test, Save & Deploy and their toasts; runs, versions, export,
// schedule, the generator and Run now.
function Review({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const { data: integration } = useSuspenseQuery(integrationQueries.detail(id));
  usePageMeta({
    title: `${integration.name} — Review — Patchbay`,
    description: 'Review, test and deploy the integration code.',
  });
  const [code, setCode] = useState(integration.generatedCode);
  const [testResult, setTestResult] = useState<TTestRunResponse | null>(null);
  const [started, setStarted] = useState<StartedRun | null>(null);
  const [tab, setTab] = useState<string | null>('runs');
  const [codeView, setCodeView] = useState<CodeView>('code');
  const editorRef = useRef<editor.IStandaloneCodeEditor | null>(null);
  const dirty = code !== integration.generatedCode;
  const [generator, setGenerator] = useState(() => generatorInfo(id, integration.generatedCode));
  const [regenerateOpen, setRegenerateOpen] = useState(false);
  // A test captures writes (ADR 017) unless the user asks for a live one.
  const [testMode, setTestMode] = useState<TTestMode>('dry-run');
  // A webhook integration can be tested with a sample event; the events log links
  // each event to its run in the Runs tab.
  const [eventDialogOpen, setEventDialogOpen] = useState(false);
  const { run: linkedRun, edit: editing = null } = Route.useSearch();
  const [shownRun, setShownRun] = useState<string | null>(linkedRun ?? null);
  const navigate = useNavigate({ from: Route.fullPath });
  const editConnection = (side: TConnectionSide | null) =>
    void navigate({
      search: (previous) => {
        const { edit: _closed, ...rest } = previous;
        return side ? { ...rest, edit: side } : rest;
      },
      replace: true,
      resetScroll: false,
    });
  // ADR 031: why the last Save & Deploy or Run now was refused, each problem with its fix.
  const [refusal, setRefusal] = useState<{
    action: 'deploy' | 'run';
    problems: DeployProblem[];
  } | null>(null);
  // The last test failed before its first request: deploying asks first, showing that failure.
  const [unsentTest, setUnsentTest] = useState<{ message: string } | null>(null);

  // The descriptions both sides use, for the static check, the markers
  // and completion. The page works without them (a side may have none).
  const descriptions = useQuery(integrationDescriptionsQuery(id));
  const checkedCode = useDeferredValue(code);
  const target = useMemo<CheckTarget>(
    () => ({
      source: descriptions.data?.source
        ? { description: descriptions.data.source, baseUrl: integration.sourceApiUrl }
        : undefined,
      destination: descriptions.data?.destination
        ? { description: descriptions.data.destination, baseUrl: integration.destApiUrl }
        : undefined,
    }),
    [descriptions.data, integration.sourceApiUrl, integration.destApiUrl],
  );
  const check = useMemo(() => checkCalls(checkedCode, target), [checkedCode, target]);
  const completionSources = useMemo<CompletionSources | null>(
    () =>
      descriptions.data
        ? {
            descriptions: descriptions.data,
            baseUrls: { source: integration.sourceApiUrl, destination: integration.destApiUrl },
          }
        : null,
    [descriptions.data, integration.sourceApiUrl, integration.destApiUrl],
  );

  // Unsaved edits are not lost to a stray click or a closed tab.
  useBlocker({
    shouldBlockFn: () => !window.confirm('Discard your unsaved changes to the code?'),
    enableBeforeUnload: () => dirty,
    disabled: !dirty,
  });

  const accept = async (updated: TIntegration) => {
    queryClient.setQueryData(integrationQueries.detail(id).queryKey, updated);
    await invalidateIntegration(queryClient, id);
  };

  const putCode = (body: { generatedCode: string; status?: 'active'; restoredFrom?: number }) =>
    apiJson('PUT', apiPath('integration', { id }), ZIntegration, body);

  // Saving and restoring a version are the same PUT, so they fail the same way.
  const saveFailed = failureToast('Error', 'Failed to save code');

  const save = useMutation({
    mutationFn: (generatedCode: string) => putCode({ generatedCode }),
    onSuccess: async (updated) => {
      toast({ title: 'Code saved', message: 'Your changes are saved as a new version.' });
      await accept(updated);
    },
    onError: saveFailed,
  });

  const restore = useMutation({
    mutationFn: (version: TIntegrationVersion) =>
      putCode({ generatedCode: version.code, restoredFrom: version.version }),
    onSuccess: async (updated, version) => {
      setCode(updated.generatedCode);
      toast({ title: 'Code saved', message: `Version ${version.version} restored.` });
      await accept(updated);
    },
    onError: saveFailed,
  });

  const deploy = useMutation({
    mutationFn: (generatedCode: string) => putCode({ generatedCode, status: 'active' }),
    onSuccess: async (updated) => {
      setRefusal(null);
      toast({ title: 'Integration deployed!', message: 'Your integration is now active' });
      await accept(updated);
    },
    onError: (err) => {
      failureToast('Deployment failed', 'Failed to deploy integration')(err);
      const problems = deployProblems(err);
      if (problems) setRefusal({ action: 'deploy', problems });
      // A refusal names the line and column; the editor goes there.
      const at = codeProblemPosition(err);
      if (at) showLine(at.line, at.column);
    },
  });

  // Save & Deploy looks at the last test first: one that failed before its first request
  // (no credential, a wrong address) is shown, and deploying anyway is the user's explicit call.
  const checkLastTest = useMutation({
    mutationFn: async () => {
      const page = await apiJson('GET', `${apiPath('runs', { id })}?kind=test&limit=1`, ZRunsPage);
      const last = page.runs[0];
      if (!last || last.status !== 'failed') return null;
      const run = await apiJson('GET', apiPath('run', { id, runId: last.id }), ZRunDetail);
      return noRequestGotThrough(run.requests)
        ? { message: run.error?.message ?? 'It failed.' }
        : null;
    },
    onSuccess: (failure) => {
      if (failure) setUnsentTest(failure);
      else deploy.mutate(code);
    },
    // Without the history the API's own check still stands between the code and a deploy.
    onError: () => deploy.mutate(code),
  });

  // The sandbox runs the saved code, so unsaved edits are saved first: the test always runs
  // what the editor shows.
  const test = useMutation({
    mutationFn: async ({
      current,
      mode,
      event,
      eventHeaders,
    }: {
      current: string;
      mode: TTestMode;
      /** A sample webhook event's body, for ctx.event. */
      event?: unknown;
      /** Its headers, for ctx.event.headers. */
      eventHeaders?: Record<string, string>;
    }) => {
      if (current !== integration.generatedCode)
        await accept(await putCode({ generatedCode: current }));
      return apiJson('POST', apiPath('testRun', { id }), ZTestRunResponse, {
        testMode: true,
        mode,
        ...(event !== undefined ? { event } : {}),
        ...(event !== undefined && eventHeaders ? { eventHeaders } : {}),
      });
    },
    onSuccess: async (result) => {
      setEventDialogOpen(false);
      setTestResult(result);
      await queryClient.invalidateQueries({ queryKey: integrationQueries.runs(id).queryKey });
    },
    onError: failureToast('Test failed', 'Failed to execute integration'),
  });

  const runNow = useRunIntegrationNow();
  const busy =
    save.isPending ||
    deploy.isPending ||
    checkLastTest.isPending ||
    test.isPending ||
    restore.isPending;

  // Try again on this integration with a refined description (no new slot).
  const refineButton = (variant: 'light' | 'default') => (
    <Button
      variant={variant}
      size="xs"
      leftSection={<IconRefresh size={14} aria-hidden="true" />}
      onClick={() => setRegenerateOpen(true)}
      disabled={busy}
      style={{ alignSelf: 'flex-start' }}
    >
      Refine and generate again
    </Button>
  );

  const showLine = (line: number, column?: number) => {
    const instance = editorRef.current;
    if (!instance) return;
    setCodeView('code');
    instance.revealLineInCenter(line);
    instance.setPosition({ lineNumber: line, column: column ?? 1 });
    instance.focus();
  };

  return (
    // The code comes first on a laptop screen (1366×900): the header is compact,
    // and the details, descriptions and history follow the editor.
    <Stack gap="md" maw={1400}>
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={4} style={{ flex: '1 1 320px', minWidth: 0 }}>
          <Button
            component={Link}
            to="/integrations"
            variant="subtle"
            color="gray"
            size="compact-sm"
            leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
            style={{ alignSelf: 'flex-start' }}
          >
            Back
          </Button>
          <Group gap="sm">
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {integration.name}
            </Title>
            <StatusBadge status={integration.status} />
          </Group>
          <Text c="dimmed">
            Review the code, test it against the real APIs in the sandbox, then deploy it.
          </Text>
        </Stack>
        <Stack gap="xs" align="flex-end">
          <Group gap="xs" justify="flex-end">
            <Button
              variant="default"
              leftSection={<IconDeviceFloppy size={16} aria-hidden="true" />}
              onClick={() => save.mutate(code)}
              loading={save.isPending}
              disabled={busy && !save.isPending}
            >
              Save Code
            </Button>
            <Button
              variant="default"
              leftSection={<IconFlask size={16} aria-hidden="true" />}
              onClick={() => test.mutate({ current: code, mode: testMode })}
              loading={test.isPending}
              disabled={busy && !test.isPending}
            >
              Test Integration
            </Button>
            {integration.trigger === 'webhook' && (
              <Button
                variant="default"
                leftSection={<IconFlask size={16} aria-hidden="true" />}
                onClick={() => setEventDialogOpen(true)}
                disabled={busy}
              >
                Test with an event
              </Button>
            )}
            <Button
              leftSection={<IconRocket size={16} aria-hidden="true" />}
              onClick={() => checkLastTest.mutate()}
              loading={deploy.isPending || checkLastTest.isPending}
              disabled={busy && !deploy.isPending && !checkLastTest.isPending}
            >
              Save &amp; Deploy
            </Button>
            {/* A draft is not deployed, so there is nothing to run yet. */}
            {integration.status !== 'draft' && (
              <Tooltip
                label="Save your changes first: a run uses the saved code"
                disabled={!dirty}
                openDelay={0}
              >
                <span>
                  <Button
                    variant="default"
                    leftSection={<IconPlayerPlay size={16} aria-hidden="true" />}
                    loading={runNow.isPending}
                    disabled={dirty}
                    onClick={() =>
                      runNow.mutate(integration, {
                        onError: (err) => {
                          const problems = deployProblems(err);
                          if (problems) setRefusal({ action: 'run', problems });
                        },
                        onSuccess: (run) => {
                          setRefusal(null);
                          setStarted({
                            startedAt: new Date().toISOString(),
                            workflowId: run.workflowId,
                            temporalUrl: run.temporalUrl,
                          });
                          setTab('runs');
                        },
                      })
                    }
                  >
                    Run now
                  </Button>
                </span>
              </Tooltip>
            )}
            <Button
              component="a"
              href={apiPath('integrationExport', { id })}
              download
              variant="subtle"
              leftSection={<IconDownload size={16} aria-hidden="true" />}
            >
              Export
            </Button>
          </Group>
          <Group gap="sm" align="center" justify="flex-end">
            <Text size="sm" id="test-mode-label">
              Test Integration runs as
            </Text>
            <SegmentedControl
              aria-labelledby="test-mode-label"
              size="xs"
              value={testMode}
              onChange={(mode) => setTestMode(mode as TTestMode)}
              disabled={test.isPending}
              data={[
                { value: 'dry-run', label: 'Dry run (no writes)' },
                { value: 'live', label: 'Live test' },
              ]}
            />
          </Group>
        </Stack>
      </Group>

      {testMode === 'live' && (
        <Alert variant="light" color="orange" title="Live test: writes are real">
          A live test sends every write to the destination for real: records are created or changed,
          messages are posted, and each new test sends them again. The dry run reads for real and
          only shows what it would write.
        </Alert>
      )}

      {test.isPending && (
        <Alert variant="light" color="blue" title="Testing…" role="status">
          {testMode === 'dry-run'
            ? 'Running the code in the sandbox: reads go to the real APIs, writes are captured and checked against the descriptions. State is never saved by a test.'
            : 'Running the code in the sandbox against the real APIs. State is never saved by a test.'}
        </Alert>
      )}

      {integration.generationReport && (
        <GenerationReportAlert
          report={integration.generationReport}
          onShowLine={showLine}
          action={refineButton('light')}
          sides={failureSides(integration)}
          onEditConnection={editConnection}
        />
      )}

      {refusal && (
        <DeployProblemsAlert
          action={refusal.action}
          problems={refusal.problems}
          onEdit={editConnection}
          onShowLine={showLine}
          onClose={() => setRefusal(null)}
        />
      )}

      <CodeProblemAlert code={code} onShowLine={showLine} />

      <CodeAndPlan
        integration={integration}
        descriptions={descriptions.data}
        editorDirty={dirty}
        view={codeView}
        onViewChange={setCodeView}
        onCompiled={async (updated) => {
          // The compiled code is saved: the editor shows it.
          setCode(updated.generatedCode);
          await accept(updated);
        }}
        codePanel={
          <CodePanel
            integrationId={id}
            code={code}
            onChange={setCode}
            dirty={dirty}
            onEditorMount={(instance) => {
              editorRef.current = instance;
            }}
            completionSources={completionSources}
            warnings={check.warnings}
          />
        }
      />

      <IntegrationDetails
        integration={integration}
        generator={generator}
        descriptionAction={refineButton('default')}
      />

      <ConnectionsCard
        integration={integration}
        imported={{
          source: descriptions.data?.source,
          destination: descriptions.data?.destination,
        }}
        editing={editing}
        onEdit={editConnection}
      />

      <OAuthAccountsCard integration={integration} />

      <ApiDescriptionsPanel integration={integration} check={check} onShowLine={showLine} />

      <Paper withBorder radius="md" p="md" component="section" aria-label="History">
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="runs">Runs</Tabs.Tab>
            {integration.trigger === 'webhook' && <Tabs.Tab value="events">Events</Tabs.Tab>}
            <Tabs.Tab value="versions">Versions</Tabs.Tab>
            <Tabs.Tab value="state">Saved state</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="runs">
            <RunsPanel
              integrationId={id}
              started={started}
              shownRun={shownRun}
              draftCode={code}
              onEditConnection={editConnection}
            />
          </Tabs.Panel>
          <Tabs.Panel value="events">
            <EventsPanel
              integrationId={id}
              onShowRun={(workflowId) => {
                setShownRun(workflowId);
                setTab('runs');
              }}
            />
          </Tabs.Panel>
          <Tabs.Panel value="versions">
            <VersionsPanel
              integrationId={id}
              currentCode={code}
              restoring={restore.isPending}
              onRestore={(version) => restore.mutate(version)}
            />
          </Tabs.Panel>
          <Tabs.Panel value="state">
            <StatePanel integrationId={id} />
          </Tabs.Panel>
        </Tabs>
      </Paper>

      <RegenerateDialog
        opened={regenerateOpen}
        onClose={() => setRegenerateOpen(false)}
        integration={integration}
        imported={{
          source: descriptions.data?.source,
          destination: descriptions.data?.destination,
        }}
        dirty={dirty}
        onGenerated={(saved) => {
          // The new code is saved: the editor shows it, with what the generator said.
          setCode(saved.generatedCode);
          setGenerator(generatorInfo(id, saved.generatedCode));
        }}
      />

      <SampleEventDialog
        integrationId={id}
        opened={eventDialogOpen}
        onClose={() => setEventDialogOpen(false)}
        testing={test.isPending}
        onTest={(event, eventHeaders) =>
          test.mutate({ current: code, mode: testMode, event, eventHeaders })
        }
      />

      <ConfirmDialog
        opened={unsentTest !== null}
        title="Deploy after a failed test?"
        confirmLabel="Deploy anyway"
        loading={deploy.isPending}
        onConfirm={() => {
          setUnsentTest(null);
          deploy.mutate(code);
        }}
        onClose={() => setUnsentTest(null)}
      >
        <Text size="sm">
          The last test failed before it sent its first request, so nothing shows this integration
          can reach its APIs:
        </Text>
        <Text size="sm" fw={500} data-testid="unsent-test-failure">
          {unsentTest?.message}
        </Text>
        <Text size="sm">Fix it and test again, or deploy anyway.</Text>
      </ConfirmDialog>

      <TestResultsDialog
        result={testResult}
        sides={failureSides(integration)}
        onClose={() => setTestResult(null)}
        onShowLine={showLine}
        onEditConnection={editConnection}
      />
    </Stack>
  );
}

/**
 * A missing integration reads 'Integration not found'; so does another user's (the API says 404).
 */
function ReviewError(props: ErrorComponentProps) {
  if (!(props.error instanceof ApiError) || props.error.status !== 404)
    return <PageError {...props} />;
  return (
    <Stack align="flex-start" gap="md" maw={640}>
      <Title order={1}>Integration not found</Title>
      <Text c="dimmed">It may have been deleted, or the address is wrong.</Text>
      <Button
        component={Link}
        to="/integrations"
        variant="default"
        leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
      >
        Back to integrations
      </Button>
    </Stack>
  );
}
