import { ThemeIcon } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';

/** The product's small square mark, beside the name or alone in the collapsed sidebar. */
export function BrandMark() {
  return (
    <ThemeIcon size={28} radius="md" variant="filled" aria-hidden="true">
      <IconPlugConnected size={18} stroke={2} />
    </ThemeIcon>
  );
}
