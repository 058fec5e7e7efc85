import type { ExportInput } from './build-export-zip.ts';
import {
  credentialVariable,
  oauthClientVariables,
  type ExportRole,
} from './credential-variables.ts';
import { oneLine } from './one-line.ts';

/**
 * `.env.example`: one commented variable per credential the two connections need, saying
 * which API it is for. The secrets themselves are never exported.
 */
export function renderEnvExample(input: ExportInput): string {
  const lines = [
    `# Credentials for the integration ${JSON.stringify(oneLine(input.name))}, exported from Patchbay.`,
    '# Copy this file to .env and fill in the values. run.js reads .env from this folder;',
    '# variables already set in the environment win. Keep .env out of version control.',
  ];
  const roles: ExportRole[] = ['source', 'destination'];
  for (const role of roles) {
    const connection = input[role];
    const api = `${oneLine(connection.name)} (${role}, ${oneLine(connection.baseUrl)})`;
    const variable = credentialVariable(role, connection);
    lines.push('');
    if (variable === null) {
      lines.push(`# ${api} needs no credential.`);
    } else {
      lines.push(`# ${api}: ${oneLine(variable.description)}`, `${variable.name}=`);
    }
    for (const extra of oauthClientVariables(role, connection))
      lines.push(`# ${api}: ${oneLine(extra.description)}`, `${extra.name}=`);
  }
  if (input.webhook && input.webhook.signature.scheme !== 'none') {
    lines.push(
      '',
      `# The webhook's signing secret (${input.webhook.signature.scheme} signatures), as your provider shows it; listen.js checks every delivery with it.`,
      'WEBHOOK_SIGNING_SECRET=',
    );
  }
  return `${lines.join('\n')}\n`;
}
