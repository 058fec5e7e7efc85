import { errorMessage } from './api-client.ts';
import { toast } from './toast.ts';

/**
 * A mutation's `onError`: the red toast with the server's message, or `fallback`
 * when it gives none. One place, so every failure toast reads the same way.
 */
export function failureToast(title: string, fallback: string) {
  return (err: unknown): void => {
    toast({ title, message: errorMessage(err, fallback), variant: 'destructive' });
  };
}
