import { Center, Group, Loader, Text } from '@mantine/core';

interface FullPageMessageProps {
  children: string;
  withLoader?: boolean;
}

/** A single line centred on an otherwise empty page, for the login guard's states. */
export function FullPageMessage({ children, withLoader = false }: FullPageMessageProps) {
  return (
    <Center component="main" mih="100dvh" p="md">
      <Group gap="sm">
        {withLoader && <Loader size="sm" aria-hidden="true" />}
        <Text c="dimmed" role="status">
          {children}
        </Text>
      </Group>
    </Center>
  );
}
