import { useMediaQuery } from '@mantine/hooks';

/**
 * Below Mantine's `sm` breakpoint (48em, where `visibleFrom="sm"` columns hide) a
 * table row shows its secondary facts under its key cell instead. Rendered only there, so the
 * same text never sits twice in the page (once hidden) for assistive tech or tests to trip on.
 */
export function usePhoneLayout(): boolean {
  return useMediaQuery('(max-width: 47.99em)') ?? false;
}
