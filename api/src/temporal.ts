import { Client, Connection } from '@temporalio/client';
import { createPayloadCodec } from '@patchbay/schema/temporal-codec';
import type { KeyRing } from '@patchbay/schema/vault';

export interface TemporalOptions {
  address: string;
  namespace: string;
  tls: boolean;
  apiKey?: string | undefined;
  /**
   * The vault's key ring (APP_ENCRYPTION_KEYS): every payload this client sends is encrypted
   * with it and every payload it reads decrypted (ADR 009 "Payload codec"), as the
   * workers do, so Temporal holds ciphertext only.
   */
  keyRing: KeyRing;
}

/** Connects lazily: the API starts (and reports 503 on /api/health) even while Temporal is down. */
export function createTemporalClient(options: TemporalOptions): Client {
  const connection = Connection.lazy({
    address: options.address,
    tls: options.tls || Boolean(options.apiKey),
    ...(options.apiKey ? { apiKey: options.apiKey } : {}),
  });
  return new Client({
    connection,
    namespace: options.namespace,
    dataConverter: { payloadCodecs: [createPayloadCodec(options.keyRing)] },
  });
}
