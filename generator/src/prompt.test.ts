import {
  CTX_CONTRACT_DTS,
  CTX_CONTRACT_EXAMPLE,
  ZGenerateRequest,
  ZGenerateResponse,
  type TGenerateRequest,
} from '@patchbay/schema';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { checkSyntax } from '@patchbay/runtime/check-syntax';
import { buildRepairPrompt, buildUserPrompt, SYSTEM_PROMPT } from './prompt.ts';
import { typeCheck } from './type-check.test-support.ts';

const input: TGenerateRequest = {
  sourceApiName: 'Stripe',
  sourceApiUrl: 'https://api.stripe.com',
  sourceAuthType: 'oauth',
  destApiName: 'Public feed',
  destApiUrl: 'https://feed.example.com/v2',
  destAuthType: 'none',
  userPrompt: 'Copy new charges to the feed every hour.',
};

describe('the ctx contract', () => {
  it('is a valid declaration file with JSDoc on every member', () => {
    expect(typeCheck('export {};\n')).toEqual([]);
    const file = ts.createSourceFile(
      'contract.d.ts',
      CTX_CONTRACT_DTS,
      ts.ScriptTarget.ES2024,
      true,
    );

    const declared: string[] = [];
    const undocumented: string[] = [];
    file.forEachChild((node) => {
      if (!ts.isInterfaceDeclaration(node) && !ts.isTypeAliasDeclaration(node)) return;
      declared.push(node.name.text);
      if (ts.getJSDocCommentsAndTags(node).length === 0) undocumented.push(node.name.text);
      if (!ts.isInterfaceDeclaration(node)) return;
      for (const member of node.members) {
        if (ts.getJSDocCommentsAndTags(member).length === 0) {
          undocumented.push(`${node.name.text}.${member.name?.getText(file)}`);
        }
      }
    });
    expect(declared).toEqual(
      expect.arrayContaining([
        'IntegrationContext',
        'ApiClient',
        'RequestOptions',
        'HttpError',
        'StateStore',
        'RunInfo',
      ]),
    );
    expect(undocumented).toEqual([]);
  });

  it('has an example that passes the syntax check and uses ctx as declared', () => {
    expect(checkSyntax(CTX_CONTRACT_EXAMPLE)).toEqual({ ok: true });
    expect(typeCheck(`/** @param {IntegrationContext} ctx */\n${CTX_CONTRACT_EXAMPLE}`)).toEqual(
      [],
    );
    expect(
      typeCheck(
        '/** @param {IntegrationContext} ctx */\nexport default (ctx) => ctx.state.put(1);',
      ),
    ).toEqual(["2:35 Property 'put' does not exist on type 'StateStore'."]);
  });

  it("validates generate requests with the create form's messages, and rejects extra fields", () => {
    expect(ZGenerateRequest.parse({ ...input, sourceAuthType: undefined }).sourceAuthType).toBe(
      'api-key',
    );
    const short = ZGenerateRequest.safeParse({ ...input, userPrompt: 'too short' });
    expect(short.error?.issues[0]?.message).toBe(
      'Please describe your integration (minimum 20 characters)',
    );
    const withSecret = ZGenerateRequest.safeParse({ ...input, sourceApiKeyEncrypted: 'sk_live_x' });
    expect(withSecret.error?.issues[0]?.code).toBe('unrecognized_keys');
    expect(
      ZGenerateResponse.parse({ code: 'x', generator: 'template', schedule: { everyMinutes: 60 } }),
    ).toMatchObject({
      code: 'x',
      generator: 'template',
      schedule: { everyMinutes: 60 },
      unresolved: [],
      operations: [],
    });
    expect(ZGenerateResponse.safeParse({ code: 'x', generator: 'gpt' }).success).toBe(false);
  });
});

describe('prompts', () => {
  it('puts the contract, the example and the conventions in the system prompt', () => {
    expect(SYSTEM_PROMPT).toContain(CTX_CONTRACT_DTS.trim());
    expect(SYSTEM_PROMPT).toContain(CTX_CONTRACT_EXAMPLE.trim());
    for (const convention of [
      /Paginate until done/,
      /cursor in ctx\.state/,
      /Idempotent writes/,
      /Small logs/,
      /small JSON summary/,
      /ctx\.NonRetryableError/,
      /No import, no require/,
    ]) {
      expect(SYSTEM_PROMPT).toMatch(convention);
    }
  });

  it('describes the task with names, URLs and auth types only', () => {
    expect(buildUserPrompt(input)).toBe(
      [
        'Write the integration described below.',
        '',
        'Source API: Stripe',
        '  Base URL: https://api.stripe.com',
        '  Auth: OAuth 2.0 (added by Patchbay to every request; do not handle credentials)',
        'Destination API: Public feed',
        '  Base URL: https://feed.example.com/v2',
        '  Auth: No Auth (public API)',
        '',
        'Description:',
        'Copy new charges to the feed every hour.',
      ].join('\n'),
    );
  });

  it('sends the parser error back in the repair prompt', () => {
    expect(buildRepairPrompt("Unexpected token ';' (line 2, column 11)")).toMatch(
      /^Your code does not pass Patchbay's check: Unexpected token ';' \(line 2, column 11\)\./,
    );
  });
});
