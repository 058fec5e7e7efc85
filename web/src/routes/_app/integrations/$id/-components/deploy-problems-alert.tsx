import { Alert, Button, CloseButton, Group, List, Stack, Text } from '@mantine/core';
import type { TConnectionSide } from '@patchbay/schema';
import type { DeployProblem } from '../../../../../lib/deploy-problems.ts';

/**
 * ADR 031: why Save & Deploy or Run now was refused, one line per problem, each with the way to
 * fix it: the side's Edit connection panel, or the line of the code.
 */
export function DeployProblemsAlert({
  action,
  problems,
  onEdit,
  onShowLine,
  onClose,
}: {
  action: 'deploy' | 'run';
  problems: DeployProblem[];
  onEdit: (side: TConnectionSide) => void;
  onShowLine: (line: number, column: number) => void;
  onClose: () => void;
}) {
  return (
    <Alert
      variant="light"
      color="red"
      role="alert"
      data-testid="deploy-problems"
      title={
        <Group justify="space-between" wrap="nowrap" gap="sm" w="100%">
          <span>
            {action === 'deploy'
              ? 'Not deployed: it could not run yet'
              : 'Not started: it could not run yet'}
          </span>
          <CloseButton size="sm" aria-label="Close" onClick={onClose} />
        </Group>
      }
      styles={{ label: { width: '100%' } }}
    >
      <List spacing="xs" size="sm">
        {problems.map((problem) => (
          <List.Item key={`${problem.code}:${problem.message}`}>
            <Stack gap={4} align="flex-start">
              <Text size="sm">{problem.message}</Text>
              {problem.side && (
                <Button
                  size="compact-xs"
                  variant="default"
                  onClick={() => onEdit(problem.side as TConnectionSide)}
                >
                  Edit {problem.side} connection
                </Button>
              )}
              {problem.at && (
                <Button
                  size="compact-xs"
                  variant="default"
                  onClick={() => onShowLine(problem.at!.line, problem.at!.column)}
                >
                  Show line {problem.at.line}
                </Button>
              )}
            </Stack>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
