import ivm from 'isolated-vm';

// Static checks on integration code before it is saved or run: it must parse
// as an ES module, import nothing (the sandbox has no modules) and have a default export to
// call. Compiling in a throwaway isolate uses the same V8 parser as the sandbox, and nothing in
// the code runs: the module is instantiated but never evaluated.

export type SyntaxCheck =
  { ok: true } | { ok: false; message: string; line: number; column: number };

/** The file name the sandbox gives the code; V8 puts it in error locations. */
export const INTEGRATION_FILENAME = 'integration.js';

const DEFAULT_EXPORT_HINT = 'export default async function run(ctx) { … }';

export function checkSyntax(code: string): SyntaxCheck {
  const isolate = new ivm.Isolate({ memoryLimit: 32 });
  try {
    let module: ivm.Module;
    try {
      module = isolate.compileModuleSync(code, { filename: INTEGRATION_FILENAME });
    } catch (error) {
      return fromV8Error(error);
    }

    const specifier = module.dependencySpecifiers[0];
    if (specifier !== undefined) {
      return failAt(
        code,
        indexOfImport(code, specifier),
        `Imports are not allowed: the sandbox has no modules ('${specifier}'). ` +
          'Use ctx.source, ctx.destination and ctx.fetch instead.',
      );
    }
    const dynamic = /(?<![\w$.])(import|require)\s*\(\s*['"`]([^'"`]*)/.exec(code);
    if (dynamic) {
      return failAt(
        code,
        dynamic.index,
        `${dynamic[1] === 'require' ? 'require()' : 'import()'} is not available: the sandbox ` +
          `has no modules ('${dynamic[2]}'). Use ctx.source, ctx.destination and ctx.fetch instead.`,
      );
    }

    // Linking a one-line module that imports the default export fails if there is none. Linking
    // runs nothing: neither module is evaluated.
    const context = isolate.createContextSync();
    const probe = isolate.compileModuleSync(`import run from '${INTEGRATION_FILENAME}';`, {
      filename: 'default-export-check.js',
    });
    try {
      probe.instantiateSync(context, (specifier) => {
        if (specifier === INTEGRATION_FILENAME) return module;
        throw new Error(`Imports are not allowed ('${specifier}')`);
      });
    } catch {
      return failAt(
        code,
        0,
        `The code has no default export: the run function must be exported as \`${DEFAULT_EXPORT_HINT}\`.`,
      );
    }
    // `export default 42` or `export default { … }`: only the module's evaluation would reveal
    // the value, so catch the obvious non-functions by their first character.
    const literal = /\bexport\s+default\s+(?=[\d'"`[{-]|(?:null|true|false|class)\b)/.exec(code);
    if (literal) {
      return failAt(
        code,
        literal.index,
        `The default export must be a function: \`${DEFAULT_EXPORT_HINT}\`.`,
      );
    }
    return { ok: true };
  } finally {
    isolate.dispose();
  }
}

/** Formats a failed check as one line, e.g. for the LLM's repair round or a toast. */
export function describeSyntaxError(check: { message: string; line: number; column: number }) {
  return `${check.message} (line ${check.line}, column ${check.column})`;
}

// V8 appends the location to the message: "Unexpected token ';' [integration.js:2:11]".
const LOCATION = /\s*\[integration\.js:(\d+):(\d+)\]$/;

function fromV8Error(error: unknown): SyntaxCheck {
  const raw = error instanceof Error ? error.message : String(error);
  const location = LOCATION.exec(raw);
  return {
    ok: false,
    message: location ? raw.slice(0, location.index) : raw,
    line: location ? Number(location[1]) : 1,
    column: location ? Number(location[2]) : 1,
  };
}

function failAt(code: string, index: number, message: string): SyntaxCheck {
  const before = code.slice(0, Math.max(0, index));
  const lines = before.split('\n');
  return {
    ok: false,
    message,
    line: lines.length,
    column: (lines.at(-1)?.length ?? 0) + 1,
  };
}

function indexOfImport(code: string, specifier: string): number {
  const quoted = [`'${specifier}'`, `"${specifier}"`]
    .map((text) => code.indexOf(text))
    .filter((index) => index >= 0);
  if (quoted.length === 0) return 0;
  const at = Math.min(...quoted);
  const statement = code.lastIndexOf('import', at);
  const reexport = code.lastIndexOf('export', at);
  return Math.max(statement, reexport, 0);
}
