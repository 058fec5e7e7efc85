import { parse, type ExportDefaultDeclaration, type Node, type Program } from 'acorn';

// Whether integration code can run at all (ADR 031): it must parse as an ES module, import
// nothing (the sandbox loads no modules) and export a function as its default. The
// API refuses to deploy code that fails this; the console warns on saving a draft that does.
// acorn keeps it browser-safe, so the review page and the API share this one check. The worker's
// isolate-based check (runtime/src/check-syntax.ts) stays the last word before a run.

export type ModuleCheck =
  { ok: true } | { ok: false; message: string; line: number; column: number };

const DEFAULT_EXPORT_HINT = 'export default async function run(ctx) { … }';

/** acorn's SyntaxError carries `loc` (1-based line, 0-based column) and "(line:col)" in its message. */
interface AcornSyntaxError extends SyntaxError {
  loc?: { line: number; column: number };
}

export function checkModule(code: string): ModuleCheck {
  let program: Program;
  try {
    program = parse(code, { ecmaVersion: 'latest', sourceType: 'module', locations: true });
  } catch (error) {
    const loc = (error as AcornSyntaxError).loc;
    const message =
      error instanceof Error ? error.message.replace(/\s*\(\d+:\d+\)$/, '') : 'Invalid code';
    return { ok: false, message, line: loc?.line ?? 1, column: (loc?.column ?? 0) + 1 };
  }

  let defaultExport: ExportDefaultDeclaration | null = null;
  for (const statement of program.body) {
    if (statement.type === 'ImportDeclaration') {
      return failAt(
        statement,
        `Imports are not allowed: the sandbox has no modules ('${String(statement.source.value)}'). ` +
          'Use ctx.source, ctx.destination and ctx.fetch instead.',
      );
    }
    if (
      (statement.type === 'ExportAllDeclaration' || statement.type === 'ExportNamedDeclaration') &&
      statement.source
    ) {
      return failAt(
        statement,
        `Imports are not allowed: the sandbox has no modules ('${String(statement.source.value)}').`,
      );
    }
    if (statement.type === 'ExportDefaultDeclaration') defaultExport = statement;
    if (
      statement.type === 'ExportNamedDeclaration' &&
      statement.specifiers.some(
        (s) => s.exported.type === 'Identifier' && s.exported.name === 'default',
      )
    ) {
      // `export { run as default }`: a default export whose value only evaluation reveals.
      return { ok: true };
    }
  }

  if (!defaultExport) {
    return {
      ok: false,
      message: `The code has no default export: the run function must be exported as \`${DEFAULT_EXPORT_HINT}\`.`,
      line: 1,
      column: 1,
    };
  }
  const value = defaultExport.declaration;
  const isFunction =
    value.type === 'FunctionDeclaration' ||
    value.type === 'FunctionExpression' ||
    value.type === 'ArrowFunctionExpression' ||
    // `export default run` (an identifier) or a call returning one: only evaluation tells.
    value.type === 'Identifier' ||
    value.type === 'CallExpression';
  if (!isFunction) {
    return failAt(
      defaultExport,
      `The default export must be a function: \`${DEFAULT_EXPORT_HINT}\`.`,
    );
  }
  return { ok: true };
}

/** One line for a toast or an API message: "Unexpected token (line 3, column 5)". */
export function describeModuleProblem(check: { message: string; line: number; column: number }) {
  return `${check.message} (line ${check.line}, column ${check.column})`;
}

function failAt(node: Node, message: string): ModuleCheck {
  return {
    ok: false,
    message,
    line: node.loc?.start.line ?? 1,
    column: (node.loc?.start.column ?? 0) + 1,
  };
}
