// Atlassian Document Format for the Jira mock: its text, a document from text, and the shape
// check that makes the mock refuse a v3 description that is not a document.
// The mock handles arbitrary JSON from the code under test: records are loosely typed on purpose.
/* eslint-disable @typescript-eslint/no-explicit-any */

type Rec = Record<string, any>;

/** Atlassian Document Format → plain text (paragraphs and hard breaks become newlines). */
export function adfText(node: unknown): string {
  if (node === null || node === undefined) return '';
  if (typeof node !== 'object') return '';
  const n = node as Rec;
  if (n.type === 'text') return String(n.text ?? '');
  if (n.type === 'hardBreak') return '\n';
  const parts = Array.isArray(n.content) ? n.content.map(adfText) : [];
  const block = [
    'doc',
    'bulletList',
    'orderedList',
    'listItem',
    'blockquote',
    'table',
    'tableRow',
    'tableCell',
    'tableHeader',
    'panel',
    'expand',
  ];
  if (n.type === 'doc' || block.includes(n.type))
    return parts.filter((p: string) => p !== '').join('\n');
  return parts.join('');
}

export function textDoc(text: string): Rec {
  return {
    type: 'doc',
    version: 1,
    content: text
      .split('\n\n')
      .map((p) => ({ type: 'paragraph', content: p ? [{ type: 'text', text: p }] : [] })),
  };
}

export function validAdf(value: unknown): boolean {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const v = value as Rec;
  if (v.type !== 'doc' || v.version !== 1 || !Array.isArray(v.content)) return false;
  const walk = (node: unknown): boolean => {
    if (!node || typeof node !== 'object') return false;
    const x = node as Rec;
    if (typeof x.type !== 'string') return false;
    if (x.type === 'text' && typeof x.text !== 'string') return false;
    if (x.content !== undefined && (!Array.isArray(x.content) || !x.content.every(walk)))
      return false;
    return true;
  };
  return v.content.every(walk);
}
