import { Table, type TableProps, type TableTdProps } from '@mantine/core';

/**
 * A table that stacks on a phone (issue #25): below Mantine's `sm` breakpoint (48em) each row is a card and each
 * cell a line under its column's name (the `label` of its {@link StackedCell}), so nothing is wider than the screen
 * and no column (a mark, a signature) is left off it. Above it, the same markup is an ordinary table: the rows,
 * cells and test ids stay what they were. The look is in styles.css (`.stacked-table`).
 */
export function StackedTable({ className, ...props }: TableProps) {
  return <Table {...props} className={className ? `stacked-table ${className}` : 'stacked-table'} />;
}

/** A cell of a {@link StackedTable}: `label` (its column's header) shows above it on a phone. */
export function StackedCell({ label, ...props }: TableTdProps & { label?: string }) {
  return <Table.Td data-label={label} {...props} />;
}
