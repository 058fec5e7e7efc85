import { loader } from '@monaco-editor/react';
import { CTX_CONTRACT_DTS } from '@patchbay/schema';
import * as monaco from 'monaco-editor';
import EditorWorker from 'monaco-editor/esm/vs/editor/editor.worker?worker';
import TypeScriptWorker from 'monaco-editor/esm/vs/language/typescript/ts.worker?worker';

// Monaco is bundled with the console (never a CDN) and loaded only by the review
// route — this module is reached only through a dynamic import there. Importing it sets
// Monaco up once: local workers, the bundled copy for @monaco-editor/react, and the ctx
// contract (CTX_CONTRACT_DTS from @patchbay/schema) as a declaration file, so `ctx.` completes
// in the editor.

self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string) {
    return label === 'typescript' || label === 'javascript'
      ? new TypeScriptWorker()
      : new EditorWorker();
  },
};

loader.config({ monaco });

const javascript = monaco.typescript.javascriptDefaults;
javascript.setCompilerOptions({
  ...javascript.getCompilerOptions(),
  allowJs: true,
  allowNonTsExtensions: true,
  target: monaco.typescript.ScriptTarget.ESNext,
  module: monaco.typescript.ModuleKind.ESNext,
});
javascript.addExtraLib(CTX_CONTRACT_DTS, 'file:///patchbay/integration-context.d.ts');

// The stock themes with comments readable at WCAG AA: vs-dark's comment green (#608b4e) is
// 4.2:1 on its background.
export const MONACO_THEMES = { dark: 'patchbay-dark', light: 'patchbay-light' } as const;
monaco.editor.defineTheme(MONACO_THEMES.dark, {
  base: 'vs-dark',
  inherit: true,
  rules: [{ token: 'comment', foreground: '7fae6a' }],
  colors: {},
});
monaco.editor.defineTheme(MONACO_THEMES.light, {
  base: 'vs',
  inherit: true,
  rules: [],
  colors: {},
});

export { monaco };
