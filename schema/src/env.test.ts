import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EnvError, parseEnv, ZTemporalEnv, zEnvBoolean, zPort, zPostgresUrl } from './env.ts';

const ZExample = ZTemporalEnv.extend({
  DATABASE_URL: zPostgresUrl,
  PORT: zPort.default(3000),
  FLAG: zEnvBoolean.default(false),
});

describe('parseEnv', () => {
  it('applies defaults and coerces values', () => {
    const env = parseEnv(ZExample, {
      DATABASE_URL: 'postgres://u:p@localhost:5432/db',
      PORT: '8080',
      FLAG: 'yes',
    });
    expect(env).toMatchObject({
      DATABASE_URL: 'postgres://u:p@localhost:5432/db',
      PORT: 8080,
      FLAG: true,
      TEMPORAL_ADDRESS: 'localhost:7233',
      TEMPORAL_NAMESPACE: 'default',
      TEMPORAL_TASK_QUEUE: 'patchbay',
    });
  });

  it('treats an empty value as unset, so a blank .env line keeps the default', () => {
    const env = parseEnv(ZExample, { DATABASE_URL: 'postgresql://localhost/db', PORT: '' });
    expect(env.PORT).toBe(3000);
  });

  it('names every bad variable and what it got', () => {
    let error: unknown;
    try {
      parseEnv(ZExample, {
        DATABASE_URL: 'mysql://localhost/db',
        PORT: '70000',
        TEMPORAL_ADDRESS: 'no-port',
        FLAG: 'maybe',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as Error).message;
    expect(message).toMatch(
      /DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL \(got "mysql:\/\/localhost\/db"\)/,
    );
    expect(message).toMatch(/PORT: .*\(got "70000"\)/);
    expect(message).toMatch(/TEMPORAL_ADDRESS: must look like host:port \(got "no-port"\)/);
    expect(message).toMatch(/FLAG: .*\(got "maybe"\)/);
    expect(message).toMatch(/See \.env\.example/);
  });

  it('says when a required variable is missing', () => {
    expect(() => parseEnv(ZExample, {})).toThrow(/DATABASE_URL: .*\(unset\)/);
  });

  it('accepts IPv6 host:port for Temporal', () => {
    expect(
      parseEnv(z.object({ A: ZTemporalEnv.shape.TEMPORAL_ADDRESS }), { A: '[::1]:7233' }).A,
    ).toBe('[::1]:7233');
  });
});
