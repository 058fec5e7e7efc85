import { checkCalls } from '@patchbay/catalog/check-calls';
import { getCatalogEntry } from '@patchbay/catalog';
import type { TApiDescription, TGenerateRequest } from '@patchbay/schema';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  startDescriptionMock,
  type DescriptionMock,
  type MockRecord,
} from '../../../scripts/test-support/description-mock-server.ts';
import { SandboxPool } from '../sandbox/index.ts';
import { generateTemplateCode } from '@patchbay/generator';

// What the grounded generator's run tests share: catalog descriptions served by loopback mocks,
// code generated from a prompt and checked against them, and a run in the real sandbox.

let pool: SandboxPool;
const mocks: DescriptionMock[] = [];

/** One sandbox for the test file, and every mock it started closed at its end. */
export function useSandbox(): void {
  beforeAll(() => {
    pool = new SandboxPool({ size: 1 });
  });
  afterAll(async () => {
    await pool?.close();
    await Promise.all(mocks.splice(0).map((m) => m.close()));
  });
}

export function entry(id: string): TApiDescription {
  const found = getCatalogEntry(id);
  if (!found) throw new Error(`catalog entry ${id} is missing`);
  return found;
}

export async function mock(
  description: TApiDescription,
  seed: Record<string, MockRecord[]> = {},
  pageSize = 2,
) {
  const server = await startDescriptionMock(description, { seed, pageSize });
  mocks.push(server);
  return server;
}

export function generate(prompt: string, source: DescriptionMock, destination: DescriptionMock) {
  const input: TGenerateRequest = {
    sourceApiName: source.description.name,
    sourceApiUrl: source.url,
    sourceAuthType: source.connection().authType,
    destApiName: destination.description.name,
    destApiUrl: destination.url,
    destAuthType: destination.connection().authType,
    userPrompt: prompt,
  };
  const result = generateTemplateCode(input, {
    source: source.description,
    destination: destination.description,
  });
  // The static check agrees with the description about every call the code makes.
  const checked = checkCalls(result.code, {
    source: { description: source.description, baseUrl: source.url },
    destination: { description: destination.description, baseUrl: destination.url },
  });
  return { ...result, warnings: checked.warnings };
}

export async function run(
  code: string,
  source: DescriptionMock,
  destination: DescriptionMock,
  state: Record<string, unknown> = {},
  scheduledAt = '2025-06-01T00:00:00.000Z',
) {
  const result = await pool.run({
    code,
    source: source.connection(),
    destination: destination.connection(),
    state,
    run: { id: 'run-1', attempt: 1, mode: 'test', scheduledAt },
    allowPrivateNetwork: true,
  });
  const next = { ...state, ...result.stateChanges.set };
  for (const key of result.stateChanges.deleted) delete next[key];
  return { result, state: next };
}

export function expectSuccess(outcome: Awaited<ReturnType<typeof run>>) {
  expect(outcome.result.error, JSON.stringify(outcome.result.error)).toBeUndefined();
  expect(outcome.result.status).toBe('success');
}

/** Stripe customers, as the API lists them. */
export const customers = [
  {
    id: 'cus_1',
    object: 'customer',
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    phone: '+44 1',
    created: 1_700_000_100,
  },
  {
    id: 'cus_2',
    object: 'customer',
    email: 'alan@example.com',
    name: 'Alan Turing',
    phone: null,
    created: 1_700_000_200,
  },
  {
    id: 'cus_3',
    object: 'customer',
    email: 'grace@example.com',
    name: 'Grace Hopper',
    phone: '+1 3',
    created: 1_700_000_300,
  },
];
