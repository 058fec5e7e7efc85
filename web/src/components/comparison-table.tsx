import { VisuallyHidden } from '@mantine/core';
import classes from './comparison-table.module.css';
import tableClasses from './plain-table.module.css';
import { WideTableScroll } from './wide-table-scroll.tsx';

export interface ComparisonRow {
  topic: string;
  /** One cell per column, in the order of `columns`. */
  cells: readonly string[];
}

interface ComparisonTableProps {
  caption: string;
  /** Column headings after the topic column; the last one is Patchbay and is highlighted. */
  columns: readonly string[];
  rows: readonly ComparisonRow[];
}

/**
 * Side-by-side comparison used on the landing and About pages. On a phone it scrolls
 * sideways, says so, and keeps the topic column in view.
 */
export function ComparisonTable({ caption, columns, rows }: ComparisonTableProps) {
  const last = columns.length - 1;
  return (
    <WideTableScroll label={caption} minWidth={640}>
      <table className={`${tableClasses.table} ${classes.table}`} data-spacing="md">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">
              <VisuallyHidden>Topic</VisuallyHidden>
            </th>
            {columns.map((column, index) => (
              <th key={column} scope="col" className={index === last ? classes.ours : undefined}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.topic}>
              <th scope="row" className={classes.topic}>
                {row.topic}
              </th>
              {row.cells.map((cell, index) => (
                <td key={index} className={index === last ? classes.ours : undefined}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </WideTableScroll>
  );
}
