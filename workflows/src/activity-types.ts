// The activity signatures the workflows call. Workflows import only these types;
// workers/src/activities implements them (STYLE.md: activities dependency injection).

export interface PingResult {
  reply: string;
  /** The worker identity that answered, to show the chain really crossed processes. */
  worker: string;
}

export interface Activities {
  ping(message: string): Promise<PingResult>;
}
