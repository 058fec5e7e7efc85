import { Anchor, Badge, Group, List, Stack, Text } from '@mantine/core';
import { requirementCounts, type TRequirement, type TRequirementStatus } from '@patchbay/schema';

// The prompt as the generator read it: one line per requirement, marked done (with the code
// lines that do it), assumed or missing. The headline's counts are taken from the same list.

const STATUS_LABELS: Record<TRequirementStatus, string> = {
  done: 'Done',
  assumed: 'Assumed',
  missing: 'Missing',
};
const STATUS_COLORS: Record<TRequirementStatus, string> = {
  done: 'green',
  assumed: 'blue',
  missing: 'yellow',
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
  // Missing first: they are what the user has to act on.
  const order: TRequirementStatus[] = ['missing', 'assumed', 'done'];
  const sorted = [...requirements].sort(
    (a, b) => order.indexOf(a.status) - order.indexOf(b.status),
  );
  return (
    <List size="sm" spacing={6} listStyleType="none" aria-label="Requirements">
      {sorted.map((requirement, i) => (
        <List.Item key={`${requirement.kind}-${i}`}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Badge
              size="sm"
              variant="light"
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
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {requirement.detail}
                  {requirement.lines.length > 0 && onShowLine && (
                    <>
                      {' · '}
                      {requirement.lines.slice(0, 3).map((line, j) => (
                        <span key={line}>
                          {j > 0 && ', '}
                          <Anchor
                            component="button"
                            type="button"
                            size="xs"
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
  );
}
