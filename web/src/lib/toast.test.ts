import { afterEach, describe, expect, it } from 'vitest';
import { currentToast, dismissToast, subscribeToToasts, toast } from './toast.ts';

describe('toasts (one at a time)', () => {
  afterEach(() => {
    const shown = currentToast();
    if (shown) dismissToast(shown.id);
  });

  it('shows a toast, green by default, and tells its subscribers', () => {
    let calls = 0;
    const unsubscribe = subscribeToToasts(() => calls++);
    toast({ title: 'Code saved', message: 'Version 3' });
    unsubscribe();
    expect(currentToast()).toMatchObject({
      title: 'Code saved',
      message: 'Version 3',
      variant: 'default',
    });
    expect(calls).toBe(1);
  });

  it('a newer toast replaces the one on screen, with a new id', () => {
    toast({ title: 'Signup failed', message: 'taken', variant: 'destructive' });
    const first = currentToast()!;
    toast({ title: 'Login failed', message: 'wrong password', variant: 'destructive' });
    const second = currentToast()!;
    expect(second.title).toBe('Login failed');
    expect(second.id).not.toBe(first.id);
  });

  it("dismissing a toast that was already replaced leaves the newer one (an old timer's close)", () => {
    toast({ title: 'First', message: 'a' });
    const first = currentToast()!;
    toast({ title: 'Second', message: 'b', variant: 'warning' });
    dismissToast(first.id);
    expect(currentToast()?.title).toBe('Second');
    dismissToast(currentToast()!.id);
    expect(currentToast()).toBeNull();
  });

  it('stops telling a subscriber once it unsubscribes', () => {
    let calls = 0;
    const unsubscribe = subscribeToToasts(() => calls++);
    unsubscribe();
    toast({ title: 'Quiet', message: 'nobody listens' });
    expect(calls).toBe(0);
  });
});
