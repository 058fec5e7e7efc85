import { Paper, Stack, Tabs, Text } from '@mantine/core';
import { IconCode, IconListCheck } from '@tabler/icons-react';
import type {
  TIntegration,
  TIntegrationDescriptions,
  TIntegrationGenerationReport,
} from '@patchbay/schema';
import type { ReactNode } from 'react';
import { PlanTab } from './plan-tab.tsx';

export type CodeView = 'code' | 'plan';

interface CodeAndPlanProps {
  integration: TIntegration;
  descriptions: TIntegrationDescriptions | undefined;
  /** The code editor panel, shown as it is in the Code tab (kept mounted while Plan shows). */
  codePanel: ReactNode;
  editorDirty: boolean;
  view: CodeView;
  onViewChange: (view: CodeView) => void;
  onCompiled: (updated: TIntegration) => Promise<void>;
}

/** Why no plan describes the code, in the user's terms. */
export function noPlanReason(report: TIntegrationGenerationReport | null): string {
  if (!report)
    return 'No plan describes this code: it was written by hand, or generated before plans were kept. Edit it as code, or generate again to get a plan.';
  if (report.generator === 'openai')
    return 'No plan describes this code: the AI model wrote it directly, without a plan. Edit it as code.';
  return 'No plan describes this code: it was generated before plans were kept, or does more than a plan can say. Edit it as code, or generate again to get a plan.';
}

/**
 * The Code and Plan tabs beside each other (ADR 034): the code, and the plan it was compiled
 * from as a form. Code no plan describes shows the editor alone, with a note saying why.
 */
export function CodeAndPlan({
  integration,
  descriptions,
  codePanel,
  editorDirty,
  view,
  onViewChange,
  onCompiled,
}: CodeAndPlanProps) {
  const plan = integration.generationReport?.plan;
  if (!plan) {
    return (
      <Stack gap={6}>
        <Text size="sm" c="dimmed" data-testid="no-plan-note">
          {noPlanReason(integration.generationReport)}
        </Text>
        {codePanel}
      </Stack>
    );
  }
  return (
    <Tabs
      value={view}
      onChange={(next) => onViewChange(next === 'plan' ? 'plan' : 'code')}
      variant="outline"
      // Monaco stays alive while the Plan shows: React's Activity (Mantine's default) would run
      // its cleanup and dispose the editor under the page's ref.
      keepMounted
      keepMountedMode="display-none"
    >
      <Tabs.List aria-label="Code or plan">
        <Tabs.Tab value="code" leftSection={<IconCode size={16} aria-hidden="true" />}>
          Code
        </Tabs.Tab>
        <Tabs.Tab value="plan" leftSection={<IconListCheck size={16} aria-hidden="true" />}>
          Plan
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="code" pt="xs">
        {codePanel}
      </Tabs.Panel>
      <Tabs.Panel value="plan" pt="xs">
        <Paper withBorder radius="md">
          <PlanTab
            integration={integration}
            plan={plan}
            descriptions={descriptions}
            editorDirty={editorDirty}
            onCompiled={onCompiled}
          />
        </Paper>
      </Tabs.Panel>
    </Tabs>
  );
}
