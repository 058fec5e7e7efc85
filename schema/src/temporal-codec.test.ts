import { defaultPayloadConverter, type PayloadCodec } from '@temporalio/common';
import { describe, expect, it } from 'vitest';
import {
  createPayloadCodec,
  ENCRYPTED_ENCODING,
  KEY_ID_METADATA,
  payloadFromJson,
  payloadToJson,
  ZCodecPayloads,
  type CodecPayload,
} from './temporal-codec.ts';
import { generateKeyEntry, parseKeyRing } from './vault.ts';

const oldEntry = generateKeyEntry('k1');
const newEntry = generateKeyEntry('k2');
const VALUE = { email: 'alice@example.com', orders: [{ id: 7, total: '19.99' }] };

const text = (bytes: Uint8Array | null | undefined) => Buffer.from(bytes ?? []).toString('utf8');

describe('temporal payload codec', () => {
  it('is a Temporal PayloadCodec', () => {
    const codec: PayloadCodec = createPayloadCodec(parseKeyRing(newEntry));
    expect(typeof codec.encode).toBe('function');
  });

  it('encrypts every payload under the active key, names the key, and decodes it back', async () => {
    const codec = createPayloadCodec(parseKeyRing(`${newEntry},${oldEntry}`));
    const payload = defaultPayloadConverter.toPayload(VALUE);
    const [encoded] = await codec.encode([payload]);
    expect(text(encoded?.metadata?.encoding)).toBe(ENCRYPTED_ENCODING);
    expect(text(encoded?.metadata?.[KEY_ID_METADATA])).toBe('k2');
    // Neither the value nor its original encoding is readable in what Temporal stores.
    expect(text(encoded?.data)).not.toContain('alice');
    expect(text(encoded?.data)).not.toContain('json/plain');
    const [decoded] = await codec.decode([encoded as CodecPayload]);
    expect(text(decoded?.metadata?.encoding)).toBe('json/plain');
    expect(defaultPayloadConverter.fromPayload(decoded as CodecPayload)).toEqual(VALUE);
  });

  it('uses a fresh IV every time', async () => {
    const codec = createPayloadCodec(parseKeyRing(newEntry));
    const payload = defaultPayloadConverter.toPayload('same');
    const [a, b] = await codec.encode([payload, payload]);
    expect(Buffer.from(a?.data ?? []).equals(Buffer.from(b?.data ?? []))).toBe(false);
  });

  it('rotates: payloads of an older key still decode while the ring keeps it, and fail clearly once dropped', async () => {
    const before = createPayloadCodec(parseKeyRing(oldEntry));
    const [old] = await before.encode([defaultPayloadConverter.toPayload(VALUE)]);
    const rotated = createPayloadCodec(parseKeyRing(`${newEntry},${oldEntry}`));
    const [decoded] = await rotated.decode([old as CodecPayload]);
    expect(defaultPayloadConverter.fromPayload(decoded as CodecPayload)).toEqual(VALUE);
    const [fresh] = await rotated.encode([defaultPayloadConverter.toPayload(VALUE)]);
    expect(text(fresh?.metadata?.[KEY_ID_METADATA])).toBe('k2');

    const dropped = createPayloadCodec(parseKeyRing(newEntry));
    await expect(dropped.decode([old as CodecPayload])).rejects.toThrow(
      'a Temporal payload was encrypted with key "k1", which APP_ENCRYPTION_KEYS does not contain',
    );
  });

  it('refuses a different key under the same id, altered data, and a payload relabelled with another key id', async () => {
    const codec = createPayloadCodec(parseKeyRing(`${newEntry},${oldEntry}`));
    const [encoded] = await codec.encode([defaultPayloadConverter.toPayload(VALUE)]);
    const payload = encoded as CodecPayload;

    const impostor = createPayloadCodec(parseKeyRing(generateKeyEntry('k2')));
    await expect(impostor.decode([payload])).rejects.toThrow(/failed to decrypt with key "k2"/);

    const altered = Buffer.from(payload.data ?? []);
    altered[altered.length - 1] = (altered[altered.length - 1] ?? 0) ^ 1;
    await expect(codec.decode([{ ...payload, data: altered }])).rejects.toThrow(
      /failed to decrypt/,
    );

    const relabelled = {
      ...payload,
      metadata: { ...payload.metadata, [KEY_ID_METADATA]: Buffer.from('k1') },
    };
    await expect(codec.decode([relabelled])).rejects.toThrow(/failed to decrypt with key "k1"/);

    await expect(codec.decode([{ ...payload, data: Buffer.from('short') }])).rejects.toThrow(
      'malformed encrypted payload',
    );
    const unnamed = { ...payload, metadata: { encoding: Buffer.from(ENCRYPTED_ENCODING) } };
    await expect(codec.decode([unnamed])).rejects.toThrow(/names no encryption-key-id/);
  });

  it('passes plain payloads through on decode (histories and schedules from before the codec)', async () => {
    const codec = createPayloadCodec(parseKeyRing(newEntry));
    const plain = defaultPayloadConverter.toPayload(VALUE);
    expect(await codec.decode([plain])).toEqual([plain]);
  });

  it('keeps binary data and every metadata entry through a round trip', async () => {
    const codec = createPayloadCodec(parseKeyRing(newEntry));
    const payload = {
      metadata: { encoding: Buffer.from('binary/plain'), 'message-type': Buffer.from('x.y') },
      data: new Uint8Array([0, 255, 1, 254]),
    };
    const [decoded] = await codec.decode(await codec.encode([payload]));
    expect(text(decoded?.metadata?.['message-type'])).toBe('x.y');
    expect([...(decoded?.data ?? [])]).toEqual([0, 255, 1, 254]);
    const [empty] = await codec.decode(await codec.encode([{}]));
    expect(empty).toEqual({ metadata: {}, data: Buffer.alloc(0) });
  });

  it('converts payloads to and from the codec server JSON form', async () => {
    const payload = defaultPayloadConverter.toPayload(VALUE);
    const json = payloadToJson(payload);
    expect(json.metadata?.encoding).toBe(Buffer.from('json/plain').toString('base64'));
    expect(ZCodecPayloads.parse({ payloads: [json] })).toEqual({ payloads: [json] });
    expect(defaultPayloadConverter.fromPayload(payloadFromJson(json))).toEqual(VALUE);
    expect(ZCodecPayloads.safeParse({ payloads: [{ data: 'not base64!' }] }).success).toBe(false);
    expect(ZCodecPayloads.safeParse({}).success).toBe(false);
  });
});
