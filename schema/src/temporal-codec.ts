// The Temporal payload codec (ADR 009 "Payload codec"): every
// payload the API and the workers send to Temporal (workflow inputs, results, activity
// arguments and outcomes, failure details) is encrypted with AES-256-GCM under the vault's
// key ring, so the Temporal server and its database hold ciphertext only. Node-only subpath
// `@patchbay/schema/temporal-codec`, shared by the API (its Client and the Web UI's codec
// endpoint) and the workers. Modelled on Temporal's `encryption` sample: the key id sits in
// the payload's metadata, so keys rotate like the vault's (encode with the first key, decode
// with whichever key the payload names).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { KeyRing } from './vault.ts';

/** The encoding Temporal's tools (the Web UI, the CLI) show as "encrypted". */
export const ENCRYPTED_ENCODING = 'binary/encrypted';
/** Metadata naming the key a payload was encrypted with. */
export const KEY_ID_METADATA = 'encryption-key-id';

const IV_BYTES = 12;
const TAG_BYTES = 16;
const LENGTH_BYTES = 4;
/** HKDF's info: names what the derived key is for. */
const INFO = 'patchbay temporal payload codec v1';

/**
 * A Temporal payload as the SDK hands it to a codec (`Payload` of `@temporalio/common`,
 * described here so the schema package needs no Temporal dependency).
 */
export interface CodecPayload {
  metadata?: Record<string, Uint8Array> | null;
  data?: Uint8Array | null;
}

export class PayloadCodecError extends Error {
  override name = 'PayloadCodecError';
}

/**
 * The codec for `dataConverter: { payloadCodecs: [...] }` on every Client and Worker the
 * product creates, and for the codec endpoint the Temporal Web UI calls.
 */
export interface TemporalPayloadCodec {
  encode(payloads: CodecPayload[]): Promise<CodecPayload[]>;
  decode(payloads: CodecPayload[]): Promise<CodecPayload[]>;
}

export function createPayloadCodec(ring: KeyRing): TemporalPayloadCodec {
  // A key of its own per purpose: the vault key itself encrypts credentials, so the codec
  // uses a key derived from it (HKDF), never the same bytes for two kinds of ciphertext.
  const keys = new Map(
    [...ring.keys].map(([kid, key]) => [kid, Buffer.from(hkdfSync('sha256', key, '', INFO, 32))]),
  );
  const activeKey = keys.get(ring.activeKeyId);
  if (!activeKey) throw new PayloadCodecError('the key ring has no active key');
  return {
    encode: async (payloads) =>
      payloads.map((payload) => encrypt(ring.activeKeyId, activeKey, payload)),
    decode: async (payloads) => payloads.map((payload) => decrypt(keys, payload)),
  };
}

/** Binds a ciphertext to its key id, so a payload relabelled with another id fails. */
function additionalData(kid: string): Buffer {
  return Buffer.from(`patchbay:temporal-payload:${kid}`, 'utf8');
}

function encrypt(kid: string, key: Buffer, payload: CodecPayload): CodecPayload {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(additionalData(kid));
  const ciphertext = Buffer.concat([cipher.update(serialize(payload)), cipher.final()]);
  return {
    metadata: {
      encoding: Buffer.from(ENCRYPTED_ENCODING),
      [KEY_ID_METADATA]: Buffer.from(kid),
    },
    data: Buffer.concat([iv, cipher.getAuthTag(), ciphertext]),
  };
}

function decrypt(keys: ReadonlyMap<string, Buffer>, payload: CodecPayload): CodecPayload {
  // Payloads written before the codec existed (old histories, schedules created earlier)
  // are plain: they pass through, so an upgrade does not break what Temporal already holds.
  if (text(payload.metadata?.encoding) !== ENCRYPTED_ENCODING) return payload;
  const kid = text(payload.metadata?.[KEY_ID_METADATA]);
  if (!kid) throw new PayloadCodecError(`an encrypted payload names no ${KEY_ID_METADATA}`);
  const key = keys.get(kid);
  if (!key) {
    throw new PayloadCodecError(
      `a Temporal payload was encrypted with key "${kid}", which APP_ENCRYPTION_KEYS does not contain`,
    );
  }
  const raw = Buffer.from(payload.data ?? new Uint8Array());
  if (raw.length < IV_BYTES + TAG_BYTES) throw new PayloadCodecError('malformed encrypted payload');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAAD(additionalData(kid));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  let plaintext: Buffer;
  try {
    plaintext = Buffer.concat([
      decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]);
  } catch {
    throw new PayloadCodecError(
      `a Temporal payload failed to decrypt with key "${kid}": a different key under that id, or altered data`,
    );
  }
  return deserialize(plaintext);
}

function text(bytes: Uint8Array | null | undefined): string | undefined {
  return bytes ? Buffer.from(bytes).toString('utf8') : undefined;
}

/** The inner payload: 4-byte length, its metadata as JSON (values base64), then its data. */
function serialize(payload: CodecPayload): Buffer {
  const metadata = Object.fromEntries(
    Object.entries(payload.metadata ?? {}).map(([name, value]) => [
      name,
      Buffer.from(value).toString('base64'),
    ]),
  );
  const header = Buffer.from(JSON.stringify(metadata), 'utf8');
  const length = Buffer.alloc(LENGTH_BYTES);
  length.writeUInt32BE(header.length);
  return Buffer.concat([length, header, payload.data ?? new Uint8Array()]);
}

const ZInnerMetadata = z.record(z.string(), z.string());

function deserialize(plaintext: Buffer): CodecPayload {
  // Authenticated by GCM, so only a bug could make it malformed; still a clear error.
  if (plaintext.length < LENGTH_BYTES) throw new PayloadCodecError('malformed payload inside');
  const headerEnd = LENGTH_BYTES + plaintext.readUInt32BE(0);
  if (headerEnd > plaintext.length) throw new PayloadCodecError('malformed payload inside');
  const metadata = ZInnerMetadata.parse(
    JSON.parse(plaintext.subarray(LENGTH_BYTES, headerEnd).toString('utf8')),
  );
  return {
    metadata: Object.fromEntries(
      Object.entries(metadata).map(([name, value]) => [name, Buffer.from(value, 'base64')]),
    ),
    data: plaintext.subarray(headerEnd),
  };
}

// The codec server protocol the Temporal Web UI and CLI speak (POST <endpoint>/encode and
// /decode): payloads in protobuf's JSON form, metadata values and data in base64.

const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;
const ZBase64 = z.string().regex(BASE64, 'must be base64');

export const ZCodecPayloadJson = z.object({
  metadata: z.record(z.string(), ZBase64).nullish(),
  data: ZBase64.nullish(),
});
export type TCodecPayloadJson = z.infer<typeof ZCodecPayloadJson>;

/** The body of a codec server request and of its answer. */
export const ZCodecPayloads = z.object({
  payloads: z.array(ZCodecPayloadJson).max(1000, 'at most 1000 payloads per request'),
});
export type TCodecPayloads = z.infer<typeof ZCodecPayloads>;

export function payloadFromJson(json: TCodecPayloadJson): CodecPayload {
  return {
    metadata: Object.fromEntries(
      Object.entries(json.metadata ?? {}).map(([name, value]) => [
        name,
        Buffer.from(value, 'base64'),
      ]),
    ),
    data: Buffer.from(json.data ?? '', 'base64'),
  };
}

export function payloadToJson(payload: CodecPayload): TCodecPayloadJson {
  return {
    metadata: Object.fromEntries(
      Object.entries(payload.metadata ?? {}).map(([name, value]) => [
        name,
        Buffer.from(value).toString('base64'),
      ]),
    ),
    data: Buffer.from(payload.data ?? new Uint8Array()).toString('base64'),
  };
}
