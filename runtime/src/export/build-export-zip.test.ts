import { CTX_CONTRACT_DTS } from '@patchbay/schema';
import { describe, expect, it } from 'vitest';
import { buildExportZip, exportFileName, type ExportConnection } from './build-export-zip.ts';
import {
  connection,
  contactsPosted,
  destination,
  EXPECTED_CONTACTS,
  exportInput,
  exportProject,
  runProject,
  source,
  SYNC_CODE,
  tokenEndpoint,
  unzip,
  useExportFakes,
} from './build-export-zip.test-support.ts';

// What the zip holds: the project's files, its config and its environment example, for each
// kind of connection. The projects are run in exported-project.test.ts.

useExportFakes();

describe('buildExportZip', () => {
  it('puts a standalone, dependency-free project in one folder named after the integration', () => {
    const input = exportInput({ name: 'Stripe → HubSpot (EU)!' });
    const files = unzip(buildExportZip(input));

    expect(exportFileName(input.name)).toBe('stripe-hubspot-eu.zip');
    expect(Object.keys(files).sort()).toEqual(
      [
        '.env.example',
        '.gitignore',
        'README.md',
        'integration-context.d.ts',
        'integration.js',
        'package.json',
        'patchbay.config.json',
        'run.js',
        'runtime/config.js',
        'runtime/credentials.js',
        'runtime/fetch-host.js',
        'runtime/log.js',
        'runtime/oauth-token.js',
        'runtime/patchbay-runtime.js',
        'runtime/run-integration.js',
        'runtime/run-on-schedule.js',
        'runtime/state-store.js',
      ].map((path) => `stripe-hubspot-eu/${path}`),
    );
    expect(files['stripe-hubspot-eu/integration.js']).toBe(SYNC_CODE);
    expect(JSON.parse(files['stripe-hubspot-eu/package.json'] ?? '')).toEqual({
      name: 'stripe-hubspot-eu',
      private: true,
      description: 'Stripe → HubSpot (EU)!, exported from Patchbay',
      type: 'module',
      engines: { node: '>=20.12' },
      scripts: { start: 'node run.js', every: 'node run.js --every' },
    });
    expect(JSON.parse(files['stripe-hubspot-eu/patchbay.config.json'] ?? '')).toEqual({
      name: 'Stripe → HubSpot (EU)!',
      source: { name: 'Stripe', baseUrl: `${source.url}/api`, authType: 'api-key', authConfig: {} },
      destination: { name: 'HubSpot', baseUrl: destination.url, authType: 'none', authConfig: {} },
      schedule: { everyMinutes: 15 },
    });
    const readme = files['stripe-hubspot-eu/README.md'] ?? '';
    expect(readme).toContain('exported from Patchbay on 2026-11-21');
    expect(readme).toContain('`npm start`');
    expect(readme).toContain('`npm run every`');
    expect(readme).toContain('*/15 * * * *');
    expect(readme).toContain('state.json');
    // The ctx section comes from the shared contract, so it names everything ctx has.
    for (const member of ['source', 'destination', 'fetch(...)', 'state', 'log(...)', 'run']) {
      expect(readme).toContain(`- \`ctx.${member}\`: `);
    }
    expect(readme).toContain('- `ctx.NonRetryableError`: Throw an instance of this class');
    expect(files['stripe-hubspot-eu/integration-context.d.ts']).toBe(CTX_CONTRACT_DTS);
    expect(exportFileName('')).toBe('integration.zip');
  });

  it('is byte-identical for identical input, and dated by exportedAt', () => {
    const first = buildExportZip(exportInput());
    const second = buildExportZip(exportInput());
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);

    // Same day, so the README is the same: only the entries' modification time differs.
    const later = buildExportZip(exportInput({ exportedAt: new Date('2026-11-21T12:00:00Z') }));
    expect(Buffer.from(later).equals(Buffer.from(first))).toBe(false);
  });

  it('carries no secret, even one smuggled into authConfig', () => {
    const smuggled = {
      username: 'patchbay-user',
      password: 'hunter2-password',
      apiKey: 'sk_live_smuggled',
    } as ExportConnection['authConfig'];
    const files = unzip(
      buildExportZip(
        exportInput({
          source: connection(source, '/api', 'basic', smuggled),
          destination: connection(destination, '', 'oauth', {
            tokenUrl: `${tokenEndpoint.url}/oauth/token`,
            clientId: 'patchbay-client',
            clientSecret: 'client-secret-smuggled',
          } as ExportConnection['authConfig']),
        }),
      ),
    );
    const everything = Object.values(files).join('\n');
    for (const secret of ['hunter2-password', 'sk_live_smuggled', 'client-secret-smuggled']) {
      expect(everything).not.toContain(secret);
    }
    const config = JSON.parse(files['stripe-to-hubspot/patchbay.config.json'] ?? '');
    expect(config.source.authConfig).toEqual({ username: 'patchbay-user' });
    expect(config.destination.authConfig).toEqual({
      tokenUrl: `${tokenEndpoint.url}/oauth/token`,
      clientId: 'patchbay-client',
    });
  });

  it('.env.example names exactly the variables the two connections need, and which API each is for', () => {
    const cases: [ExportConnection, ExportConnection, string[]][] = [
      [
        connection(source, '', 'api-key', { name: 'X-Stripe-Key' }, 'Stripe'),
        connection(destination, '', 'bearer', {}, 'HubSpot'),
        ['SOURCE_API_KEY', 'DESTINATION_BEARER_TOKEN'],
      ],
      [
        connection(source, '', 'basic', { username: 'u' }, 'Stripe'),
        connection(destination, '', 'oauth', { tokenUrl: `${tokenEndpoint.url}/t` }, 'HubSpot'),
        ['SOURCE_BASIC_PASSWORD', 'DESTINATION_OAUTH_CLIENT_SECRET'],
      ],
      [
        connection(source, '', 'basic', { secretIn: 'username' }, 'Stripe'),
        connection(destination, '', 'none', {}, 'HubSpot'),
        ['SOURCE_BASIC_USERNAME'],
      ],
      [
        connection(source, '', 'oauth', {}, 'Stripe'),
        connection(destination, '', 'none', {}, 'HubSpot'),
        ['SOURCE_OAUTH_ACCESS_TOKEN'],
      ],
      [
        connection(
          source,
          '',
          'oauth',
          { grant: 'authorization_code', tokenUrl: 'https://a.test/t' },
          'Stripe',
        ),
        connection(
          destination,
          '',
          'oauth',
          { grant: 'authorization_code', clientId: 'app' },
          'HubSpot',
        ),
        [
          'SOURCE_OAUTH_REFRESH_TOKEN',
          'SOURCE_OAUTH_CLIENT_ID',
          'SOURCE_OAUTH_CLIENT_SECRET',
          'DESTINATION_OAUTH_REFRESH_TOKEN',
          'DESTINATION_OAUTH_CLIENT_SECRET',
        ],
      ],
      [
        connection(source, '', 'none', {}, 'Stripe'),
        connection(destination, '', 'none', {}, 'HubSpot'),
        [],
      ],
    ];
    for (const [sourceConnection, destinationConnection, expected] of cases) {
      const envExample =
        unzip(
          buildExportZip(
            exportInput({ source: sourceConnection, destination: destinationConnection }),
          ),
        )['stripe-to-hubspot/.env.example'] ?? '';
      const lines = envExample.split('\n').filter((line) => line !== '');
      // Every line is a comment or an empty assignment: nothing is filled in.
      expect(lines.every((line) => line.startsWith('# ') || /^[A-Z_]+=$/.test(line))).toBe(true);
      expect(
        lines.filter((line) => !line.startsWith('#')).map((line) => line.slice(0, -1)),
      ).toEqual(expected);
      // The comment above each variable names the API it is for.
      for (const variable of expected) {
        const comment = lines[lines.indexOf(`${variable}=`) - 1] ?? '';
        expect(comment).toMatch(
          variable.startsWith('SOURCE') ? /^# Stripe \(source/ : /^# HubSpot \(destination/,
        );
      }
    }
  });

  it('keeps a line break in an API name from adding a variable to .env.example', () => {
    const envExample =
      unzip(
        buildExportZip(
          exportInput({
            source: connection(source, '', 'bearer', {}, 'Evil\nSOURCE_BEARER_TOKEN=stolen'),
          }),
        ),
      )['stripe-to-hubspot/.env.example'] ?? '';
    expect(envExample.split('\n').filter((line) => !line.startsWith('#') && line !== '')).toEqual([
      'SOURCE_BEARER_TOKEN=',
    ]);
  });

  it('a cron schedule: the config keeps the cron and zone, the README a CRON_TZ line, --every says what to do', async () => {
    const input = exportInput({
      schedule: { cron: '30 9 * * 1-5', timeZone: 'Europe/Berlin' },
      source: connection(source, '/api', 'none'),
    });
    const files = unzip(buildExportZip(input));
    const config = JSON.parse(files['stripe-to-hubspot/patchbay.config.json'] ?? '{}') as {
      schedule: unknown;
    };
    expect(config.schedule).toEqual({ cron: '30 9 * * 1-5', timeZone: 'Europe/Berlin' });
    const readme = files['stripe-to-hubspot/README.md'] ?? '';
    expect(readme).toContain('- Schedule: cron `30 9 * * 1-5` in Europe/Berlin');
    expect(readme).toMatch(
      /CRON_TZ=Europe\/Berlin\n30 9 \* \* 1-5 cd \/path\/to\/stripe-to-hubspot && flock -n \.run\.lock/,
    );
    expect(readme).not.toContain('keeps running it every');

    const project = await exportProject(input);
    // One run, as the cron line starts it.
    const once = await runProject(project);
    expect(once.code, once.stdout + once.stderr).toBe(0);
    expect(contactsPosted()).toEqual(EXPECTED_CONTACTS);
    const every = await runProject(project, { args: ['--every'] });
    expect(every.code).toBe(1);
    expect(every.stdout + every.stderr).toContain(
      '--every needs an interval; this integration runs on the cron schedule "30 9 * * 1-5" (Europe/Berlin)',
    );
  });
});
