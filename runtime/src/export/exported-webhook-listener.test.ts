import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { buildExportZip } from './build-export-zip.ts';
import {
  contactsPosted,
  exportInput,
  exportProject,
  printedData,
  runProject,
  unzip,
  useExportFakes,
  workDir,
  writeEnv,
} from './build-export-zip.test-support.ts';

// An exported integration started by a webhook: listen.js verifies and answers the request,
// and run.js takes an event from a file.

useExportFakes();

describe('the exported webhook listener', () => {
  const SECRET = 'whsec_export_listener_secret';
  // Opens a contact for each event it is given, and says what it saw.
  const EVENT_CODE = `export default async function run(ctx) {
  const customer = ctx.event.body.data.object;
  await ctx.destination.post('/contacts', { json: { email: customer.email, name: customer.name } });
  return { eventId: ctx.event.id, headers: Object.keys(ctx.event.headers).sort() };
}`;
  const webhookInput = () =>
    exportInput({
      code: EVENT_CODE,
      webhook: { signature: { scheme: 'stripe', toleranceSeconds: 300 }, eventIdPath: 'id' },
    });
  const event = {
    id: 'evt_export_1',
    type: 'customer.created',
    data: { object: { email: 'ada@example.com', name: 'Ada' } },
  };
  const sign = (body: string, secret = SECRET) => {
    const at = Math.floor(Date.now() / 1000);
    return `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${body}`).digest('hex')}`;
  };

  it('ships listen.js, the checks, the settings and the secret variable only for a webhook integration', () => {
    const files = unzip(buildExportZip(webhookInput()));
    const folder = 'stripe-to-hubspot/';
    expect(files[`${folder}listen.js`]).toContain('verifySignature');
    expect(files[`${folder}runtime/webhooks.js`]).toContain('timingSafeEqual');
    expect(JSON.parse(files[`${folder}patchbay.config.json`] ?? '{}')).toMatchObject({
      webhook: { signature: { scheme: 'stripe' }, eventIdPath: 'id' },
    });
    expect(JSON.parse(files[`${folder}package.json`] ?? '{}')).toMatchObject({
      scripts: { listen: 'node listen.js' },
    });
    expect(files[`${folder}.env.example`]).toMatch(/^WEBHOOK_SIGNING_SECRET=$/m);
    expect(files[`${folder}README.md`]).toContain('## Receive its webhook');

    const scheduled = unzip(buildExportZip(exportInput()));
    expect(scheduled[`${folder}listen.js`]).toBeUndefined();
    expect(scheduled[`${folder}.env.example`]).not.toContain('WEBHOOK_SIGNING_SECRET');
  });

  it('verifies signatures as Patchbay does, runs each event once with ctx.event, and answers a redelivery as a duplicate', async () => {
    const project = await exportProject(webhookInput());
    await writeEnv(project, { SOURCE_API_KEY: 'k', WEBHOOK_SIGNING_SECRET: SECRET });
    const child = spawn(process.execPath, [join(project, 'listen.js')], {
      cwd: workDir,
      env: { PORT: '0', HOST: '127.0.0.1' },
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    try {
      let url: string | undefined;
      for (let wait = 0; wait < 100 && !url; wait += 1) {
        url = /listening for webhook deliveries on (\S+)/.exec(stdout)?.[1];
        if (!url) await sleep(100);
      }
      if (!url) throw new Error(`the listener did not start:\n${stdout}`);
      const body = JSON.stringify(event);
      const post = (signature: string, text = body) =>
        fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          body: text,
        });

      const first = await post(sign(body));
      expect(first.status).toBe(200);
      const answer = (await first.json()) as { eventId: string; data: { headers: string[] } };
      expect(answer.eventId).toBe('evt_export_1');
      expect(answer.data.headers).toContain('content-type');
      expect(answer.data.headers).not.toContain('stripe-signature');
      expect(contactsPosted()).toEqual([{ email: 'ada@example.com', name: 'Ada' }]);

      const again = await post(sign(body));
      expect(again.status).toBe(200);
      expect(await again.json()).toMatchObject({ duplicate: true, eventId: 'evt_export_1' });

      const forged = await post(sign(body, 'whsec_someone_else'));
      expect(forged.status).toBe(401);
      expect(contactsPosted()).toHaveLength(1);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.on('close', resolve));
    }
  });

  it('refuses to start without the signing secret the scheme needs', async () => {
    const project = await exportProject(webhookInput());
    await writeEnv(project, { SOURCE_API_KEY: 'k' });
    const child = spawn(process.execPath, [join(project, 'listen.js')], { cwd: workDir, env: {} });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(1);
    expect(output).toContain('WEBHOOK_SIGNING_SECRET is not set');
  });

  it('run.js --event runs once with ctx.event from a file', async () => {
    const project = await exportProject(webhookInput());
    await writeEnv(project, { SOURCE_API_KEY: 'k' });
    await writeFile(join(workDir, 'event.json'), JSON.stringify({ id: 'evt_file', body: event }));
    const run = await runProject(project, { args: ['--event', join(workDir, 'event.json')] });
    expect(run.code).toBe(0);
    expect(printedData(run.stdout)).toEqual({ eventId: 'evt_file', headers: [] });
    expect(contactsPosted()).toEqual([{ email: 'ada@example.com', name: 'Ada' }]);
  });
});
