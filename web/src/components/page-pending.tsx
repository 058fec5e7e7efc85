import { Center, Loader } from '@mantine/core';

/** Shown inside the shell while a signed-in route's loader fetches its data. */
export function PagePending() {
  return (
    <Center mih={240} role="status" aria-label="Loading">
      <Loader size="md" />
    </Center>
  );
}
