import { Alert, Button, Stack } from '@mantine/core';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { errorMessage } from '../lib/api-client.ts';

/**
 * A signed-in route whose data failed to load: say why and offer to try again. Retrying
 * re-runs the loaders, which refetch the failed queries (TanStack Router + Query pattern).
 */
export function PageError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();

  useEffect(() => {
    queryErrorResetBoundary.reset();
  }, [queryErrorResetBoundary]);

  return (
    <Stack maw={640}>
      <Alert color="red" variant="light" title="Something went wrong">
        {errorMessage(error, 'The page could not be loaded.')}
      </Alert>
      <Button variant="default" w="fit-content" onClick={() => void router.invalidate()}>
        Try again
      </Button>
    </Stack>
  );
}
