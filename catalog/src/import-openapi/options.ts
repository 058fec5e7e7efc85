export interface ImportOptions {
  /** Where the document was fetched from: relative server URLs resolve against it. */
  sourceUrl?: string;
  /** The connection's base URL, used when the document names no absolute server. */
  baseUrl?: string;
  /** YYYY-MM-DD for `source.retrieved`; today by default. */
  today?: string;
}
