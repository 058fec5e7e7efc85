import { describe, expect, it } from 'vitest';
import { extractCode } from './extract-code.ts';

const CODE = 'export default async function run(ctx) {\n  return { ok: true };\n}\n';

describe('extractCode', () => {
  it.each([
    ['a ```javascript fence', `\`\`\`javascript\n${CODE}\`\`\``],
    [
      'a ```js fence with prose around it',
      `Sure! Here it is:\n\n\`\`\`js\n${CODE}\`\`\`\n\nIt syncs.`,
    ],
    ['a bare ``` fence', `\`\`\`\n${CODE}\`\`\`\n`],
    ['a ~~~ fence', `~~~js\n${CODE}~~~`],
    ['CRLF line ends', `\`\`\`js\r\n${CODE.replace(/\n/g, '\r\n')}\`\`\``],
    ['no fence', CODE],
    ['no fence after a line of prose', `Here is the code:\n${CODE}`],
    ['a fence cut off by the length limit', `\`\`\`js\n${CODE}`],
  ])('%s', (_, answer) => {
    expect(extractCode(answer)).toBe(CODE);
  });

  it('prefers the block with the default export over snippets', () => {
    const answer = `Use it like:\n\`\`\`js\nctx.log('x');\n\`\`\`\nFull module:\n\`\`\`js\n${CODE}\`\`\`\nOr in bash:\n\`\`\`bash\nnpm start --very-long-command-line-that-is-longer-than-the-code-itself-by-far\n\`\`\``;
    expect(extractCode(answer)).toBe(CODE);
  });

  it('keeps a TypeScript block so the syntax check can ask for a repair', () => {
    expect(extractCode('```ts\nexport default async function run(ctx: any) {}\n```')).toBe(
      'export default async function run(ctx: any) {}\n',
    );
  });

  it('returns an empty string for an empty answer', () => {
    expect(extractCode('   \n')).toBe('');
  });
});
