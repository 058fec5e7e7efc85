import { useComputedColorScheme } from '@mantine/core';
import { DiffEditor, Editor, type OnMount } from '@monaco-editor/react';
import type { editor } from 'monaco-editor';
import { MONACO_THEMES } from '../../../../../lib/monaco/setup-monaco.ts';
import { EDITOR_HEIGHT_PX as EDITOR_HEIGHT } from './editor-height.ts';

// The Monaco editors of the review page. This module is only ever loaded lazily (DESIGN §9).

const SHARED_OPTIONS: editor.IEditorOptions = {
  fontSize: 13,
  minimap: { enabled: false },
  scrollBeyondLastLine: false,
  automaticLayout: true,
  fixedOverflowWidgets: true,
};

function useMonacoTheme(): string {
  // Follows the console's light/dark theme (spec §2).
  return MONACO_THEMES[useComputedColorScheme('dark')];
}

interface CodeEditorProps {
  /** A model path per integration keeps undo history and markers apart. */
  path: string;
  value: string;
  onChange: (value: string) => void;
  onMount?: (instance: editor.IStandaloneCodeEditor) => void;
  readOnly?: boolean;
  height?: number;
  ariaLabel: string;
}

export function CodeEditor({
  path,
  value,
  onChange,
  onMount,
  readOnly = false,
  height = EDITOR_HEIGHT,
  ariaLabel,
}: CodeEditorProps) {
  const theme = useMonacoTheme();
  const handleMount: OnMount = (instance) => onMount?.(instance);
  return (
    <Editor
      height={height}
      path={path}
      defaultLanguage="javascript"
      language="javascript"
      value={value}
      theme={theme}
      onChange={(next) => onChange(next ?? '')}
      onMount={handleMount}
      loading={null}
      options={{ ...SHARED_OPTIONS, readOnly, ariaLabel }}
    />
  );
}

interface CodeDiffProps {
  original: string;
  modified: string;
  originalLabel: string;
  height?: number;
}

/** Read-only side-by-side comparison: a saved version on the left, the editor's code on the right. */
export function CodeDiff({
  original,
  modified,
  originalLabel,
  height = EDITOR_HEIGHT,
}: CodeDiffProps) {
  const theme = useMonacoTheme();
  return (
    <DiffEditor
      height={height}
      original={original}
      modified={modified}
      language="javascript"
      theme={theme}
      loading={null}
      options={{
        ...SHARED_OPTIONS,
        readOnly: true,
        originalEditable: false,
        renderSideBySide: true,
        ariaLabel: `Changes from ${originalLabel} to the code in the editor`,
      }}
    />
  );
}
