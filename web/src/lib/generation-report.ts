import { requirementCounts, type TGenerateResponse } from '@patchbay/schema';
import { failureSentence, type FailureSides } from './failure-sentence.ts';

// The toast after generation: "✓ Code Generated!" only when every requirement of the
// checklist is done or assumed and a dry run, if one ran, proved something. The checklist
// itself is saved with the code (the review page reads it from the integration), so the counts
// here are the checklist's own.

export function generationToast(
  generated: Pick<TGenerateResponse, 'requirements' | 'verification'>,
  /** The integration's connections, to say whose side a failed dry run's host is on. */
  sides?: FailureSides,
): {
  title: string;
  message: string;
  variant?: 'warning';
} {
  const missing = generated.requirements.filter((r) => r.status === 'missing');
  const count = requirementCounts(generated.requirements).missing;
  if (count > 0) {
    const first = missing[0]?.text ?? '';
    const more = count > 1 ? ` (and ${count - 1} more)` : '';
    return {
      title: `Code generated with ${count} ${count === 1 ? 'requirement' : 'requirements'} missing`,
      message: `${first}${more}. The review page lists each requirement and what to do about it.`,
      variant: 'warning',
    };
  }
  const verification = generated.verification;
  if (verification?.status === 'failed' || verification?.status === 'unverified') {
    return {
      title:
        verification.status === 'failed'
          ? 'Code generated, but its dry run failed'
          : 'Code generated, but its dry run proved nothing',
      // A failed run's error reads as the sentence a failed test leads with; the raw reason is
      // on the review page, under Details.
      message: verification.error
        ? failureSentence(verification.error, sides).sentence
        : (verification.reason ?? verification.summary),
      variant: 'warning',
    };
  }
  return { title: '✓ Code Generated!', message: 'View in sandbox to review and deploy' };
}
