import { Client, Connection } from '@temporalio/client';

export interface TemporalOptions {
  address: string;
  namespace: string;
  tls: boolean;
  apiKey?: string | undefined;
}

/** Connects lazily: the API starts (and reports 503 on /api/health) even while Temporal is down. */
export function createTemporalClient(options: TemporalOptions): Client {
  const connection = Connection.lazy({
    address: options.address,
    tls: options.tls || Boolean(options.apiKey),
    ...(options.apiKey ? { apiKey: options.apiKey } : {}),
  });
  return new Client({ connection, namespace: options.namespace });
}
