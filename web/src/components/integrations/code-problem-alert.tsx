import { Alert, Anchor } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { checkModule, describeModuleProblem } from '@patchbay/catalog/check-module';
import { useDeferredValue, useMemo } from 'react';

/**
 * Save keeps code that cannot run (work in progress), but says so; Save & Deploy
 * would be refused with the same words (the API runs the same check). Empty code is the
 * "no code yet" case, which the page explains elsewhere.
 */
export function CodeProblemAlert({
  code,
  onShowLine,
}: {
  code: string;
  onShowLine: (line: number, column: number) => void;
}) {
  // Typing stays responsive: the check follows the editor a beat behind.
  const deferred = useDeferredValue(code);
  const check = useMemo(() => (deferred.trim() === '' ? null : checkModule(deferred)), [deferred]);
  if (!check || check.ok) return null;
  return (
    <Alert
      variant="light"
      color="yellow"
      title="This code cannot run yet"
      icon={<IconAlertTriangle size={18} aria-hidden="true" />}
      data-testid="code-problem"
    >
      {describeModuleProblem(check)}. You can save it as a draft; it cannot be deployed until this
      is fixed.{' '}
      <Anchor
        component="button"
        type="button"
        inherit
        // The alert's own text colour: the primary blue is below 4.5:1 on the yellow alert.
        c="inherit"
        fw={600}
        underline="always"
        onClick={() => onShowLine(check.line, check.column)}
      >
        Go to line {check.line}
      </Anchor>
    </Alert>
  );
}
