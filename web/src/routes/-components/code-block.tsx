import classes from './prose.module.css';

/**
 * A plain code sample: `<pre><code>`, no editor, which keeps Monaco off the public pages.
 * Focusable so keyboard users can scroll long lines.
 */
export function CodeBlock({ code }: { code: string }) {
  return (
    <pre className={classes.codeBlock} tabIndex={0}>
      <code>{code}</code>
    </pre>
  );
}
