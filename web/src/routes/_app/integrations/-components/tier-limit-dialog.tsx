import { Button, Group, Modal, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { FREE_INTEGRATION_LIMIT } from '@patchbay/schema';

/**
 * Opened when creating answers TIER_LIMIT_REACHED. 'Upgrade to Pro' goes to /pricing, a real
 * page that says how to get Pro.
 */
export function TierLimitDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={opened}
      onClose={onClose}
      title="Free Tier Limit Reached"
      centered
    >
      <Text>
        You&apos;ve reached the maximum of {FREE_INTEGRATION_LIMIT} integrations on the Free tier.
      </Text>
      <Text c="dimmed" size="sm" mt="xs">
        Upgrade to Pro for unlimited integrations. Deleting an integration does not free a slot: the
        Free plan counts every integration you create.
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button component={Link} to="/pricing">
          Upgrade to Pro
        </Button>
      </Group>
    </Modal>
  );
}
