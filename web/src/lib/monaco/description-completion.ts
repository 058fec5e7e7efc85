import type { TCallWarning } from '@patchbay/schema';
import type { IDisposable, editor } from 'monaco-editor';
import {
  callContext,
  methodSuggestions,
  pathSuggestions,
  type CompletionSources,
} from './call-completions.ts';
import { monaco } from './setup-monaco.ts';

// Monaco glue for the API descriptions: completion of paths and
// methods in client calls, and the static check's warnings as markers. Reached only through
// the review page's lazily loaded editor module, like the rest of lib/monaco.

const MARKER_OWNER = 'patchbay-descriptions';

/**
 * Completes `ctx.source.*('…')` / `ctx.destination.*('…')` string arguments in one model from
 * what `sources()` holds when asked (so newer descriptions need no re-registration). The
 * provider is global to JavaScript, so it answers only for `modelUri`. Dispose it on unmount.
 */
export function registerDescriptionCompletion(
  modelUri: string,
  sources: () => CompletionSources | null,
): IDisposable {
  return monaco.languages.registerCompletionItemProvider('javascript', {
    triggerCharacters: ["'", '"', '`', '/'],
    provideCompletionItems(model, position) {
      if (model.uri.toString() !== monaco.Uri.parse(modelUri).toString()) return undefined;
      const known = sources();
      if (!known) return undefined;
      const before = model.getLineContent(position.lineNumber).slice(0, position.column - 1);
      const context = callContext(before);
      if (!context) return undefined;
      const description = known.descriptions[context.side];
      if (!description) return undefined;
      // Replace what was typed inside the string so far.
      const range = new monaco.Range(
        position.lineNumber,
        position.column - context.typed.length,
        position.lineNumber,
        position.column,
      );
      if (context.kind === 'method') {
        return {
          suggestions: methodSuggestions(description).map((method) => ({
            label: method,
            kind: monaco.languages.CompletionItemKind.EnumMember,
            insertText: method,
            detail: `${description.name} method`,
            range,
          })),
        };
      }
      const suggestions = pathSuggestions(
        description,
        known.baseUrls[context.side],
        context.method,
      );
      return {
        suggestions: suggestions.map((suggestion, index) => ({
          label: { label: suggestion.path, description: suggestion.operationId },
          kind: monaco.languages.CompletionItemKind.Value,
          // `{id}` parts become snippet placeholders the user tabs through.
          insertText: toSnippet(suggestion.path),
          insertTextRules: monaco.languages.CompletionItemInsertTextRule.InsertAsSnippet,
          filterText: suggestion.path,
          sortText: String(index).padStart(4, '0'),
          detail: `${suggestion.method} · ${description.name}`,
          documentation: suggestion.docsUrl
            ? { value: `${suggestion.summary}\n\n[Reference](${suggestion.docsUrl})` }
            : suggestion.summary,
          range,
        })),
      };
    },
  });
}

function toSnippet(path: string): string {
  let index = 0;
  return path
    .replace(/[$}\\]/g, (character) => `\\${character}`)
    .replace(/\{([^}\\]+)\\\}/g, (_match, name: string) => `\${${++index}:${name}}`);
}

/** The static check's warnings on the model, as squiggles with their message on hover. */
export function setCallWarningMarkers(
  model: editor.ITextModel,
  warnings: readonly TCallWarning[],
): void {
  monaco.editor.setModelMarkers(
    model,
    MARKER_OWNER,
    warnings.map((warning) => ({
      severity: monaco.MarkerSeverity.Warning,
      message: warning.message,
      source: `${warning.side === 'source' ? 'Source' : 'Destination'} API description`,
      code: warning.code,
      startLineNumber: warning.line,
      startColumn: warning.column,
      endLineNumber: warning.endLine,
      endColumn: warning.endColumn,
    })),
  );
}
