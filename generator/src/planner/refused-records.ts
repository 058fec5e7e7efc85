// "If one is rejected, log it and keep going": what the prompt says a run does when the
// destination refuses a record. By default a refusal stops the run, since a wrong write is worse
// than none (ADR 015); a prompt that asks to go on past refused records gets that instead.

/**
 * A sentence that speaks of a write failing, being refused or conflicting: a verb of failing, or
 * an error or 4xx status the API answers ("a record with fewer than 400 orders" is neither).
 */
const FAILURE =
  /\b(?:fail(?:s|ed|ing|ures?)?|reject(?:s|ed|ion)?|refuse(?:s|d)?|invalid|validation|conflicts?|already (?:exists?|there|enrolled|registered|booked|in)|can(?:'|no)?t be (?:created|written|saved|added)|(?:returns?|answers?|responds?|gives?|throws?|raises?|gets?|hits?)\s+(?:with\s+)?(?:an?\s+)?(?:error|4\d\d)|(?:http|status|code)\s+4\d\d|4\d\d\s+(?:error|conflict|response|status|means))\b/;

/** Going on past it: "log it and skip", "skip that one and carry on", "don't stop the run". */
const GO_ON = [
  /\blog (?:it|them|that|this|the (?:error|failure|problem|record)s?) (?:and|,) ?(?:then )?(?:skip|move on|carry on|continue|go on|keep going)\b/,
  /\b(?:skip|ignore) (?:it|that|this|them|those|that one|(?:the|that|this) \w+) (?:and|,) ?(?:then )?(?:carry on|continue|move on|keep going|go on|do the rest)\b/,
  /\b(?:don['’]?t|do not|never|shouldn['’]?t|should not) (?:stop|abort|halt|fail) (?:the (?:whole |entire )?(?:run|sync|job|import|batch)|everything|the rest)\b/,
  /\b(?:carry on|keep going|continue) with the (?:rest|others|next(?: one| record)?)\b/,
];

/** "When HubSpot rejects one, just skip it": a bare skip, with the failure in its own sentence. */
const SKIP = /\b(?:just |simply )?(?:skip|ignore) (?:it|that one|them|those)\b/;

/**
 * The words that ask for refused records to be skipped, or undefined. The failure may be named
 * in the sentence before ("the ledger answers 409 for those. Ignore that and carry on").
 */
export function refusedRecordsSkipped(text: string): string | undefined {
  const sentences = text.split(/(?<=[.!?;])\s+|\n+/);
  for (const [i, sentence] of sentences.entries()) {
    const lower = sentence.toLowerCase();
    const context = `${sentences[i - 1] ?? ''} ${sentence}`.toLowerCase();
    if (GO_ON.some((pattern) => pattern.test(lower)) && FAILURE.test(context))
      return sentence.trim();
    if (SKIP.test(lower) && FAILURE.test(lower)) return sentence.trim();
  }
  return undefined;
}
