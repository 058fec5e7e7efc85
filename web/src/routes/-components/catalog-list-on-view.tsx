import { Alert, Group, Loader, Text } from '@mantine/core';
import { Component, lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

// The docs page's catalog list sits far down the page, and it brings React Query, zod and the
// shared schemas (about 40 kB gzip) to parse GET /api/catalog. It loads when the reader comes
// near it (or opens /docs#api-catalog), so the rest of the page stays light (ADR 026).
const CatalogListWithClient = lazy(() => import('./catalog-list.tsx'));

/** What the list shows while it loads: before the reader reaches it, and while it fetches. */
export function CatalogLoading() {
  return (
    <Group gap="xs" role="status">
      <Loader size="xs" aria-hidden="true" />
      <Text size="sm" c="dimmed">
        Loading the catalog…
      </Text>
    </Group>
  );
}

/**
 * The list's chunk can fail to load (the network dropped, or a deploy replaced the file): say so
 * in its place rather than let the error take the whole docs page.
 */
class CatalogChunkBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Alert color="red" variant="light" title="The catalog could not be loaded">
        Reload the page to try again.
      </Alert>
    );
  }
}

export function CatalogListOnView() {
  const marker = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = marker.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setNear(true);
        observer.disconnect();
      },
      // A screen ahead, so a reader scrolling down rarely sees the placeholder.
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={marker}>
      {near ? (
        <CatalogChunkBoundary>
          <Suspense fallback={<CatalogLoading />}>
            <CatalogListWithClient />
          </Suspense>
        </CatalogChunkBoundary>
      ) : (
        <CatalogLoading />
      )}
    </div>
  );
}
