import { CTX_CONTRACT_DTS } from '@patchbay/schema';
import ts from 'typescript';

// Test support: type-checks integration JavaScript against the ctx declarations the way the
// editor would with checkJs (not strict), so a test can tell that code uses ctx as declared.

/** Type-checks generated JavaScript against the ctx declarations (checkJs, not strict). */
export function typeCheck(code: string): string[] {
  const files: Record<string, string> = {
    '/virtual/contract.d.ts': CTX_CONTRACT_DTS,
    '/virtual/integration.js': code,
  };
  const options: ts.CompilerOptions = {
    allowJs: true,
    checkJs: true,
    noEmit: true,
    strict: false,
    noImplicitAny: false,
    target: ts.ScriptTarget.ES2024,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2024.d.ts'],
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, ...rest) =>
    files[name] !== undefined
      ? ts.createSourceFile(name, files[name], language)
      : getSourceFile(name, language, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => files[name] !== undefined || fileExists(name);
  const program = ts.createProgram(Object.keys(files), options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where =
      d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : null;
    return `${where ? `${where.line + 1}:${where.character + 1} ` : ''}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}
