import { useComputedColorScheme } from '@mantine/core';
import { DiffEditor, Editor, type OnMount } from '@monaco-editor/react';
import type { TCallWarning } from '@patchbay/schema';
import type { editor } from 'monaco-editor';
import { useEffect, useRef, useState } from 'react';
import type { CompletionSources } from '../../../../../lib/monaco/call-completions.ts';
import {
  registerDescriptionCompletion,
  setCallWarningMarkers,
} from '../../../../../lib/monaco/description-completion.ts';
import { MONACO_THEMES } from '../../../../../lib/monaco/setup-monaco.ts';
import { EDITOR_HEIGHT_PX as EDITOR_HEIGHT } from './editor-height.ts';

// The Monaco editors of the review page. This module is only ever loaded lazily: Monaco is too
// large for every page.

const SHARED_OPTIONS: editor.IEditorOptions = {
  fontSize: 13,
  minimap: { enabled: false },
  scrollBeyondLastLine: false,
  automaticLayout: true,
  fixedOverflowWidgets: true,
};

function useMonacoTheme(): string {
  // Follows the console's light/dark theme.
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
  /** The API descriptions for completing client-call paths. */
  completionSources?: CompletionSources | null;
  /** The static check's findings, shown as markers. */
  warnings?: readonly TCallWarning[];
  /** Long lines wrap at the editor's edge instead of scrolling sideways. */
  wordWrap?: boolean;
}

export function CodeEditor({
  path,
  value,
  onChange,
  onMount,
  readOnly = false,
  height = EDITOR_HEIGHT,
  ariaLabel,
  completionSources = null,
  warnings,
  wordWrap = false,
}: CodeEditorProps) {
  const theme = useMonacoTheme();
  const [instance, setInstance] = useState<editor.IStandaloneCodeEditor | null>(null);
  const handleMount: OnMount = (mounted) => {
    setInstance(mounted);
    onMount?.(mounted);
  };

  // The provider reads the latest descriptions through a ref, so it is registered once per
  // model and disposed when the editor goes (it is global to JavaScript otherwise).
  const sources = useRef(completionSources);
  useEffect(() => {
    sources.current = completionSources;
  }, [completionSources]);
  useEffect(() => {
    const registration = registerDescriptionCompletion(path, () => sources.current);
    return () => registration.dispose();
  }, [path]);

  useEffect(() => {
    const model = instance?.getModel();
    if (!model || !warnings) return;
    setCallWarningMarkers(model, warnings);
  }, [instance, warnings]);

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
      options={{ ...SHARED_OPTIONS, readOnly, ariaLabel, wordWrap: wordWrap ? 'on' : 'off' }}
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
