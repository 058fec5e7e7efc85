import { useRef, useState } from 'react';
import { apiPath, type ApiRouteName } from '@patchbay/schema/api-routes';
import { apiRequest } from '../../lib/api-client.ts';
import { failureToast } from '../../lib/failure-toast.ts';
import { toast } from '../../lib/toast.ts';

interface AuthSubmitOptions {
  endpoint: Extract<ApiRouteName, 'login' | 'signup'>;
  /** The success text, after the title 'Success!'. */
  successMessage: string;
  failureTitle: string;
  /** Shown when the server gives no readable message. */
  failureFallback: string;
  /** Where the browser goes on success. */
  redirectTo: string;
}

/**
 * Posts the login or signup form. On success a toast, then a full-page redirect (so
 * the whole console starts fresh with the new session cookie); on failure a red toast with the
 * server's message. It stays "successful" while the browser leaves, so the button keeps its
 * submitting state until the next page loads. Plain state, not a React Query mutation: the
 * public pages do not load React Query (ADR 026).
 */
export function useAuthSubmit(options: AuthSubmitOptions) {
  const [state, setState] = useState<'idle' | 'pending' | 'success'>('idle');
  // The state above shows on the next render; this stops a second post before then.
  const sending = useRef(false);
  const mutate = (body: unknown) => {
    if (sending.current) return;
    sending.current = true;
    setState('pending');
    apiRequest('POST', apiPath(options.endpoint), body).then(
      () => {
        setState('success');
        toast({ title: 'Success!', message: options.successMessage });
        window.location.href = options.redirectTo;
      },
      (error: unknown) => {
        sending.current = false;
        setState('idle');
        failureToast(options.failureTitle, options.failureFallback)(error);
      },
    );
  };
  return { mutate, isPending: state === 'pending', isSuccess: state === 'success' };
}
