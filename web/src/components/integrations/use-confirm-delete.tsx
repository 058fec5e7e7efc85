import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FREE_INTEGRATION_LIMIT, type TIntegration } from '@patchbay/schema';
import { useState, type ReactNode } from 'react';
import { currentUserQuery } from '../../lib/queries/account.ts';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { useDeleteIntegration } from './use-integration-actions.ts';

type IntegrationRef = Pick<TIntegration, 'id' | 'name'>;

/**
 * Delete (list menu, dashboard cards) asks first, naming the integration and
 * saying that its runs and history go too — and, on Free, that the slot does not come back
 * (ADR 010). `ask(integration)` opens the question; render `dialog` once.
 */
export function useConfirmDelete(): {
  ask: (integration: IntegrationRef) => void;
  dialog: ReactNode;
  isPending: boolean;
} {
  const remove = useDeleteIntegration();
  const { data: user } = useQuery(currentUserQuery);
  const [target, setTarget] = useState<IntegrationRef | null>(null);
  const close = () => setTarget(null);

  const dialog = (
    <ConfirmDialog
      opened={target !== null}
      title={target ? `Delete ${target.name}?` : 'Delete integration?'}
      confirmLabel="Delete integration"
      loading={remove.isPending}
      onClose={close}
      onConfirm={() => {
        if (target) remove.mutate(target, { onSettled: close });
      }}
    >
      <Text>
        <strong>{target?.name}</strong> is deleted with its runs, saved state and version history,
        and its schedule stops. This cannot be undone.
      </Text>
      {user?.plan !== 'pro' && (
        <Text size="sm" c="dimmed">
          On the Free plan the slot does not come back: the {FREE_INTEGRATION_LIMIT}-integration
          limit counts every integration you create, deleted ones included.
        </Text>
      )}
    </ConfirmDialog>
  );

  return { ask: setTarget, dialog, isPending: remove.isPending };
}
