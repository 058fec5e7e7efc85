import type { TIntegrationStatus } from '@patchbay/schema';
import { STATUS_COLORS, STATUS_LABELS } from '../../lib/integration-status.ts';
import { TintedBadge } from './tinted-badge.tsx';

/** Active green, paused grey, failed red, draft yellow. */
export function StatusBadge({ status }: { status: TIntegrationStatus }) {
  return (
    <TintedBadge color={STATUS_COLORS[status]} data-status={status}>
      {STATUS_LABELS[status]}
    </TintedBadge>
  );
}
