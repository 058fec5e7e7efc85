import { ZGenerateResponse, type TGenerateResponse } from '@patchbay/schema';
import type { z } from 'zod';

// What generation did not understand and what its dry run proved (issue 18 §2, issue 15 §6).
// The generate answer says so, but the integration record does not keep it, so the Create page
// leaves it in this tab's sessionStorage for the review page, as it does the generator's name
// (generator-memory.ts).

const KEY_PREFIX = 'patchbay.generation-report.';

const ZGenerationReport = ZGenerateResponse.pick({ unresolved: true, verification: true });
export type GenerationReport = z.infer<typeof ZGenerationReport>;

export function rememberGenerationReport(integrationId: string, report: GenerationReport): void {
  try {
    sessionStorage.setItem(KEY_PREFIX + integrationId, JSON.stringify(report));
  } catch {
    // Storage can be blocked; the review page then shows the code without the report.
  }
}

/** The report left for this integration, or null (none, blocked storage, or unreadable). */
export function recallGenerationReport(integrationId: string): GenerationReport | null {
  try {
    const raw = sessionStorage.getItem(KEY_PREFIX + integrationId);
    if (!raw) return null;
    const parsed = ZGenerationReport.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The report is no longer true once the code it describes is replaced. */
export function forgetGenerationReport(integrationId: string): void {
  try {
    sessionStorage.removeItem(KEY_PREFIX + integrationId);
  } catch {
    // Nothing was stored either.
  }
}

/**
 * The toast after generation (spec §8, issue 18 §2): "✓ Code Generated!" only when the
 * generator understood everything and a dry run, if one ran, did not fail.
 */
export function generationToast(
  generated: Pick<TGenerateResponse, 'unresolved' | 'verification'>,
): {
  title: string;
  message: string;
  variant?: 'warning';
} {
  const count = generated.unresolved.length;
  if (count > 0) {
    const first = generated.unresolved[0] ?? '';
    const more = count > 1 ? ` (and ${count - 1} more)` : '';
    return {
      title: `Code generated with ${count} ${count === 1 ? 'part' : 'parts'} not understood`,
      message: `${first}${more}. The review page lists what to add to the description or change in the code.`,
      variant: 'warning',
    };
  }
  if (generated.verification?.status === 'failed') {
    return {
      title: 'Code generated, but its dry run failed',
      message: generated.verification.reason ?? generated.verification.summary,
      variant: 'warning',
    };
  }
  return { title: '✓ Code Generated!', message: 'View in sandbox to review and deploy' };
}
