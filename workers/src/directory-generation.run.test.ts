import { checkCalls } from '@patchbay/catalog/check-calls';
import { directoryDescription, getCatalogEntry, resolveDescription } from '@patchbay/catalog';
import type { TApiDescription, TGenerateRequest } from '@patchbay/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startDescriptionMock,
  type DescriptionMock,
  type MockRecord,
} from '../../scripts/test-support/description-mock-server.ts';
import { SandboxPool } from './sandbox/index.ts';
import { resolveDescriptions, generateTemplateCode } from '@patchbay/generator';

// Generation over two APIs only the directory describes (ADR 033): Up (a bank) and Orbit
// (community CRM) have no curated entry. Picked in the combobox, each side's choice is the
// directory id; generation resolves it the way it resolves a curated entry, writes code against
// the vendors' real paths and fields, and the first test run goes to loopback servers that
// follow the vendors' distilled documents.

let pool: SandboxPool;
const mocks: DescriptionMock[] = [];
beforeAll(() => {
  pool = new SandboxPool({ size: 1 });
});
afterAll(async () => {
  await pool?.close();
  await Promise.all(mocks.map((m) => m.close()));
});

function directory(id: string): TApiDescription {
  const found = directoryDescription(id);
  if (!found) throw new Error(`directory API ${id} is missing`);
  return found;
}

async function mock(description: TApiDescription, seed: Record<string, MockRecord[]> = {}) {
  const server = await startDescriptionMock(description, { seed, pageSize: 2 });
  mocks.push(server);
  return server;
}

const descriptions = ['Coffee at Mavis', 'Rent for May', 'Train ticket'];
const transactions: MockRecord[] = descriptions.map((description, i) => ({
  type: 'transactions',
  id: `tx-${i + 1}`,
  attributes: { description, status: 'SETTLED', createdAt: `2025-05-0${i + 1}T09:00:00Z` },
  relationships: {},
}));

describe('a prompt over two directory-only APIs', () => {
  it('neither API has a curated entry; both are found by name and by their real base URL', () => {
    for (const [name, url, id] of [
      ['Up', 'https://api.up.com.au/api/v1', 'up-com-au'],
      ['Orbit', 'https://app.orbit.love/api/v1', 'orbit-love'],
    ] as const) {
      expect(getCatalogEntry(id)).toBeUndefined();
      expect(resolveDescription({ kind: 'auto' }, name, '').description?.id).toBe(id);
      expect(resolveDescription({ kind: 'auto' }, name, url).inUse).toMatchObject({
        id,
        tier: 'directory',
      });
    }
  });

  it('Up transactions → Orbit activities: real paths and fields, no /items guess, and the first test run writes them', async () => {
    const up = await mock(directory('up-com-au'), { transaction: transactions });
    const orbit = await mock(directory('orbit-love'));
    const input: TGenerateRequest = {
      sourceApiName: 'Up',
      sourceApiUrl: up.url,
      sourceAuthType: 'bearer',
      destApiName: 'Orbit',
      destApiUrl: orbit.url,
      destAuthType: 'bearer',
      userPrompt: 'copy new up transactions to orbit workspace 777 as activities',
    };
    // As the combobox stores a pick: the directory id, whatever URL the user then types.
    const resolved = resolveDescriptions(input, {
      sourceDescription: { kind: 'catalog', id: 'up-com-au' },
      destDescription: { kind: 'catalog', id: 'orbit-love' },
    });
    expect(resolved.source?.id).toBe('up-com-au');
    expect(resolved.destination?.id).toBe('orbit-love');

    const generated = generateTemplateCode(input, resolved);
    expect(generated.unresolved).toEqual([]);
    expect(generated.code).not.toContain('/items');
    expect(generated.operations).toEqual([
      { side: 'source', operationId: 'listTransactions_2', method: 'GET', path: '/transactions' },
      {
        side: 'destination',
        operationId: 'createActivity',
        method: 'POST',
        path: '/{workspace_slug}/activities',
      },
    ]);
    const checked = checkCalls(generated.code, {
      source: { description: up.description, baseUrl: up.url },
      destination: { description: orbit.description, baseUrl: orbit.url },
    });
    expect(checked.warnings).toEqual([]);

    const result = await pool.run({
      code: generated.code,
      source: up.connection(),
      destination: orbit.connection(),
      state: {},
      run: { id: 'run-1', attempt: 1, mode: 'test', scheduledAt: '2025-06-01T00:00:00.000Z' },
      allowPrivateNetwork: true,
    });
    expect(result.error, JSON.stringify(result.error)).toBeUndefined();
    expect(result.status).toBe('success');
    // Every page of Up's next-link paging was read, and each transaction became an activity
    // in workspace 777 carrying its description.
    expect(up.requests.filter((r) => r.operationId === 'listTransactions_2')).toHaveLength(2);
    const writes = orbit.requests.filter((r) => r.operationId === 'createActivity');
    expect(writes.map((r) => r.path)).toEqual([
      '/777/activities',
      '/777/activities',
      '/777/activities',
    ]);
    expect(orbit.written('activity').map((a) => a.activity)).toEqual(
      descriptions.map((description) => expect.objectContaining({ description })),
    );
  });
});
