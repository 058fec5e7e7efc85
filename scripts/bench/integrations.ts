import {
  credentialContext,
  decrypt,
  encrypt,
  generateKeyEntry,
  parseKeyRing,
} from '@patchbay/schema/vault';
import { createSql, setPlanByEmail } from '@patchbay/db';
import { summarize, type BenchRow } from './table.ts';
import { underLoad } from './load.ts';

const body = (i: number) =>
  JSON.stringify({
    name: `Bench integration ${i}`,
    userPrompt: 'Every 15 minutes, copy new customers from the CRM into the mailing list.',
    sourceApiName: 'CRM',
    sourceApiUrl: 'https://crm.example.com',
    sourceAuthType: 'bearer',
    sourceApiKeyEncrypted: 'crm-token-0123456789abcdef',
    destApiName: 'Mailer',
    destApiUrl: 'https://mailer.example.com',
    destAuthType: 'api-key',
    destApiKeyEncrypted: 'mailer-key-0123456789abcdef',
  });

/** Create, list (100) and get under 50 connections, and the vault's own cost. */
export async function benchIntegrations(
  baseUrl: string,
  databaseUrl: string,
  user: { cookie: string; email: string },
): Promise<BenchRow[]> {
  // The Free limit would stop the creates; the bench user is Pro.
  const sql = createSql(databaseUrl, { max: 1 });
  await setPlanByEmail(sql, user.email, 'pro');
  await sql.end();
  const headers = { 'content-type': 'application/json', origin: baseUrl, cookie: user.cookie };

  const rows: BenchRow[] = [];
  rows.push(
    await underLoad('POST /api/integrations', {
      url: `${baseUrl}/api/integrations`,
      method: 'POST',
      headers,
      body: body(0),
      seconds: 3,
    }),
  );
  // Trim to exactly 100 for the list measurement.
  const list = (await (await fetch(`${baseUrl}/api/integrations`, { headers })).json()) as {
    id: string;
  }[];
  for (const extra of list.slice(100))
    await fetch(`${baseUrl}/api/integrations/${extra.id}`, { method: 'DELETE', headers });
  for (let i = list.length; i < 100; i++)
    await fetch(`${baseUrl}/api/integrations`, { method: 'POST', headers, body: body(i) });
  rows.push(
    await underLoad('GET /api/integrations (100 integrations)', {
      url: `${baseUrl}/api/integrations`,
      headers,
    }),
  );
  const [first] = (await (await fetch(`${baseUrl}/api/integrations`, { headers })).json()) as {
    id: string;
  }[];
  rows.push(
    await underLoad('GET /api/integrations/:id', {
      url: `${baseUrl}/api/integrations/${first?.id}`,
      headers,
    }),
  );

  const ring = parseKeyRing(generateKeyEntry('bench'));
  const context = credentialContext('00000000-0000-4000-8000-000000000000', 'source');
  const samples: number[] = [];
  for (let i = 0; i < 10_000; i++) {
    const started = performance.now();
    decrypt(ring, encrypt(ring, 'sk_live_0123456789abcdefghij', context), context);
    samples.push(performance.now() - started);
  }
  rows.push({ name: 'vault encrypt + decrypt', ...summarize(samples), note: '10,000 in process' });
  return rows;
}
