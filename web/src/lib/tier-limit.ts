// An error whose message contains 'Integration limit reached' or 'TIER_LIMIT_REACHED'
// opens the Free Tier Limit dialog instead of a toast.
export function isTierLimitError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  return (
    err.message.includes('Integration limit reached') || err.message.includes('TIER_LIMIT_REACHED')
  );
}
