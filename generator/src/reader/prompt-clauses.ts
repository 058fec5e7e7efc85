// The prompt as a list of clauses, and which of them the plan does not account for. A plan is
// built from what the rules recognise; a clause asking for something no rule recognised would
// otherwise vanish without a trace ("put the id in a custom property", "update instead of
// creating a duplicate"). Each such clause becomes a missing requirement, named in the user's
// own words rather than as a list of stray words.

/** Words that carry no requirement of their own: grammar, courtesy and generic verbs. */
const FILLER = new Set(
  (
    'a an the and or but nor of to in on at by for from with without into onto over under about as is are was were be been ' +
    'being it its this that these those them they their there here then than so such very just also too ' +
    'please thanks thank you hi hello hey dear team lot lots bit kindly could would should can will may might ' +
    'must shall need needs want wants wanted like would love i we us our me my your yours he she his her ' +
    'do does did done have has had get gets got make makes made let lets which who whom whose what when where ' +
    'how why all any each every one ones some other another new same only own per via up down out off one ' +
    'copy copies sync syncs move moves take takes send sends post posts create creates add adds put puts ' +
    'write writes read reads pull pulls push pushes fetch turn turns go goes keep keeps use uses using ' +
    'record records item items entry entries data thing things stuff way ok okay great cheers regards ' +
    'now today time times run runs running already yet still again if not no don dont ' +
    // The request verbs and the words for a record's parts say how, not what.
    'map maps set sets include includes fill fills give show list called named row rows column ' +
    'columns field fields property properties value values find finds grab look pick ' +
    'file files raise raises log logs mirror mirrors'
  ).split(' '),
);

/** What marks a clause as asking for something, rather than giving context. */
const ASKS =
  /^(?:and\s+|then\s+|also\s+|but\s+)?(?:please\s+)?(?:put|map|set|use|skip|update|add|send|post|include|exclude|leave|mark|make|copy|create|write|fill|keep|tag|label|assign|format|name|give|show|list|sort|group|sum|count|convert|round|only|don['’]?t|do not|never|always|ignore|drop|remove|delete|archive|upsert|notify|email|attach)\b|\b(?:only|except|unless|instead|exclude|excluding|without|not|never|no\s+\w+|if|when|whenever|where|like|e\.g\.|such as|format(?:ted)?|as\s+"|called|named)\b|["“”'‘’][^"“”'‘’]+["“”'‘’]|:\s*\S/i;

export interface Clause {
  text: string;
}

/**
 * Sentences, bullets and lines, then the parts of a sentence that a comma or "and" joins when
 * the next part starts a request of its own ("…, put X in Y, and update Z …").
 */
export function splitClauses(prompt: string): Clause[] {
  const lines = prompt
    .split(/\n+|\s[•*–-]\s+/)
    .map((line) => line.replace(/^\s*[•*–-]\s+/, ''))
    .flatMap((line) => line.split(/(?<=[.!?])\s+(?=["“A-Z0-9])|;\s*/));
  const clauses: Clause[] = [];
  for (const line of lines) {
    const parts = line.split(
      /(?:,\s*(?:and\s+|then\s+)?|\s+and\s+(?:then\s+)?)(?=(?:please\s+)?(?:put|map|set|use|skip|update|add|send|post|include|exclude|leave|mark|make|fill|keep|tag|label|assign|format|give|sort|group|convert|round|ignore|drop|remove|only|don['’]?t|do not|never)\b)/i,
    );
    for (const part of parts) {
      const text = part.replace(/\s+/g, ' ').replace(/^[\s,.;:]+|[\s,;]+$/g, '');
      if (text) clauses.push({ text });
    }
  }
  return clauses;
}

/**
 * Lower-case words of a text or name, whole and in their camel-case parts: "GitHub" → github,
 * git, hub; "stripe_customer_id" → stripe, customer, id.
 */
export function wordsOf(text: string): string[] {
  const whole = text.toLowerCase().split(/[^a-z0-9]+/);
  const parts = text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  return [...new Set([...whole, ...parts])].filter(Boolean);
}

function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('es') && /(s|x|ch|sh)es$/.test(word))
    return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/**
 * The clauses that ask for something the plan does not account for: none of the phrases the
 * plan was read from lies in them, and they hold words the plan never used.
 */
export function unaccountedClauses(
  prompt: string,
  usedPhrases: readonly string[],
  usedWords: ReadonlySet<string>,
): string[] {
  const phrases = usedPhrases.map((p) => p.toLowerCase().trim()).filter((p) => p.length > 3);
  const known = new Set([...usedWords].map(stem));
  const out: string[] = [];
  for (const { text } of splitClauses(prompt)) {
    let rest = text.toLowerCase();
    const bare = rest.replace(/[\s.!?;:,]+$/, '');
    if (phrases.some((phrase) => phrase.includes(bare))) continue;
    // What a used phrase says is accounted for; the rest of the clause still has to be.
    for (const phrase of phrases) rest = rest.split(phrase).join(' ');
    if (!ASKS.test(text)) continue;
    const unknown = wordsOf(rest).filter(
      // Words with digits are ids and numbers the plan took or the user quoted.
      (w) => w.length > 2 && !/\d/.test(w) && !FILLER.has(w) && !known.has(stem(w)),
    );
    if (unknown.length > 0) out.push(text);
  }
  return out;
}
