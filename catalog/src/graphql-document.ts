// Reading GraphQL documents just enough to relate a request to a described operation: the
// dry run (what a POST to /graphql is) and the description-driven mock server (which operation
// to answer) use the same rules.

/** Whether two documents are the same apart from whitespace. */
export function sameGraphqlDocument(a: string | undefined, b: string): boolean {
  const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
  return a !== undefined && squash(a) === squash(b);
}

/** The first field selected by a document: `issueCreate` in `mutation X { issueCreate(…) }`. */
export function graphqlRootField(document: string): string | undefined {
  return /\{\s*(\w+)/.exec(document)?.[1];
}

/** The variables a document declares as required (`$id: ID!`). */
export function graphqlRequiredVariables(document: string): string[] {
  return [...document.matchAll(/\$(\w+)\s*:\s*[\w[\]]+!/g)].map((m) => m[1] as string);
}

/** A mutation document changes data; a query (or the `{ … }` shorthand) only reads. */
export function isGraphqlMutation(document: string): boolean {
  return /^\s*(#[^\n]*\n\s*)*mutation\b/.test(document);
}
