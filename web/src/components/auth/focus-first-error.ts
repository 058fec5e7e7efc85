/** Moves focus to the first field with an error, in form order, so keyboard users land on it. */
export function focusFirstError(form: HTMLFormElement, errors: Record<string, string>): void {
  for (const element of Array.from(form.elements)) {
    if (
      (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) &&
      element.name in errors
    ) {
      element.focus();
      return;
    }
  }
}
