import { Anchor, Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { requirementCounts, type TRequirement, type TRequirementStatus } from '@patchbay/schema';

// The prompt as the generator read it: one line per requirement, marked done (with the code
// lines that do it), assumed or missing. The headline's counts are taken from the same list.

const STATUS_LABELS: Record<TRequirementStatus, string> = {
  done: 'Done',
  assumed: 'Assumed',
  missing: 'Missing',
};
// Dark shades under white text: the contrast holds on the report's tint in both themes.
const STATUS_COLORS: Record<TRequirementStatus, string> = {
  done: 'teal.9',
  assumed: 'blue.9',
  missing: 'red.9',
};

/** "9 done · 2 assumed · 1 missing", leaving out the statuses nothing has. */
export function requirementsHeadline(requirements: readonly TRequirement[]): string {
  const counts = requirementCounts(requirements);
  const parts = (['done', 'assumed', 'missing'] as const)
    .filter((status) => counts[status] > 0)
    .map((status) => `${counts[status]} ${status}`);
  return parts.length > 0 ? parts.join(' · ') : 'no requirements';
}

interface RequirementsChecklistProps {
  requirements: readonly TRequirement[];
  /** Moves the editor to a line, when the checklist is beside it. */
  onShowLine?: ((line: number) => void) | undefined;
}

export function RequirementsChecklist({ requirements, onShowLine }: RequirementsChecklistProps) {
  // Missing first: they are what the user has to act on. What is done folds away, so the code
  // stays in view on a laptop screen.
  const order: TRequirementStatus[] = ['missing', 'assumed', 'done'];
  const [showDone, setShowDone] = useState(false);
  const done = requirements.filter((r) => r.status === 'done').length;
  const sorted = [...requirements]
    .filter((r) => showDone || r.status !== 'done')
    .sort((a, b) => order.indexOf(a.status) - order.indexOf(b.status));
  return (
    <Stack gap={4} align="flex-start">
      <List size="sm" spacing={6} listStyleType="none" aria-label="Requirements">
        {sorted.map((requirement, i) => (
          <List.Item key={`${requirement.kind}-${i}`}>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Badge
                size="sm"
                variant="filled"
                color={STATUS_COLORS[requirement.status]}
                style={{ flexShrink: 0 }}
              >
                {STATUS_LABELS[requirement.status]}
              </Badge>
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {requirement.text}
                </Text>
                {requirement.detail && requirement.detail !== requirement.text && (
                  // Not dimmed: it sits on the report's tint, where grey text loses its contrast.
                  <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                    {requirement.detail}
                    {requirement.lines.length > 0 && onShowLine && (
                      <>
                        {' · '}
                        {requirement.lines.slice(0, 3).map((line, j) => (
                          <span key={line}>
                            {j > 0 && ', '}
                            {/* Text-coloured and underlined: the link blue falls below 4.5:1
                                on the report's green tint in the dark theme. */}
                            <Anchor
                              component="button"
                              type="button"
                              size="xs"
                              c="var(--mantine-color-text)"
                              underline="always"
                              onClick={() => onShowLine(line)}
                            >
                              line {line}
                            </Anchor>
                          </span>
                        ))}
                      </>
                    )}
                  </Text>
                )}
              </Stack>
            </Group>
          </List.Item>
        ))}
      </List>
      {done > 0 && (
        <Button variant="subtle" size="compact-sm" onClick={() => setShowDone((shown) => !shown)}>
          {showDone ? `Hide the ${done} done` : `Show the ${done} done`}
        </Button>
      )}
    </Stack>
  );
}
