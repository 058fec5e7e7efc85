// A phrase of the prompt a reading was taken from, kept so the generated code can quote it.

export interface Phrase {
  /** The words of the description this was read from. */
  phrase: string;
}

/** One line of description, safe to quote in a // comment: at most 120 characters. */
export function clean(text: string): string {
  const oneLine = text
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return oneLine.length > 120 ? `${oneLine.slice(0, 117)}...` : oneLine;
}
