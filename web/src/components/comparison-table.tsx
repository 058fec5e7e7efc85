import { Table, VisuallyHidden } from '@mantine/core';
import classes from './comparison-table.module.css';
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
 * Side-by-side comparison used on the landing and About pages (spec §2). On a phone it scrolls
 * sideways, says so, and keeps the topic column in view (issue 18 §10).
 */
export function ComparisonTable({ caption, columns, rows }: ComparisonTableProps) {
  const last = columns.length - 1;
  return (
    <WideTableScroll label={caption} minWidth={640}>
      <Table verticalSpacing="md" horizontalSpacing="md" withTableBorder className={classes.table}>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">
              <VisuallyHidden>Topic</VisuallyHidden>
            </Table.Th>
            {columns.map((column, index) => (
              <Table.Th
                key={column}
                scope="col"
                className={index === last ? classes.ours : undefined}
              >
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.topic}>
              <Table.Th scope="row" className={classes.topic}>
                {row.topic}
              </Table.Th>
              {row.cells.map((cell, index) => (
                <Table.Td key={index} className={index === last ? classes.ours : undefined}>
                  {cell}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </WideTableScroll>
  );
}
