import { Box } from '@mantine/core';
import type { ReactNode } from 'react';
import { PublicSessionActions } from './public-session-actions.tsx';
import { PublicTopBar } from './public-top-bar.tsx';
import { SiteFooter } from './site-footer.tsx';

/** Every public page: top bar (brand, session actions, theme toggle), content, footer. */
export function PublicPageLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <PublicTopBar actions={<PublicSessionActions />} />
      <Box component="main">{children}</Box>
      <SiteFooter />
    </>
  );
}
