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

/** The text with every double-quoted or back-ticked span blanked, offsets kept: a quoted name
 * ("New arrivals", "Week of 4–9 March") is a name, not words to read conditions from. */
export function withoutQuotes(text: string): string {
  return text.replace(/(["“`])[^"”`\n]{0,200}["”`]/g, (quoted) => ' '.repeat(quoted.length));
}
