import type { ReactNode } from 'react';

export interface Column {
  label: ReactNode;
  className: string;
}

/** A table's header row: one column header a column. */
export function TableHead({ columns, className }: { columns: Column[]; className: string }) {
  return (
    <thead className={className}>
      <tr>
        {columns.map((column, i) => (
          <th key={i} scope="col" className={column.className}>
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

interface StackedTableProps {
  /** Read by screen readers only. */
  caption: string;
  columns: Column[];
  className?: string;
  testId?: string;
  /** The rows. */
  children: ReactNode;
}

/** A table from md on; on phones its rows are blocks (each row lays out its cells itself) and the header is hidden. */
export function StackedTable({ caption, columns, className = '', testId, children }: StackedTableProps) {
  return (
    <table className={`block w-full text-sm md:table ${className}`} data-testid={testId}>
      <caption className="sr-only">{caption}</caption>
      <TableHead
        columns={columns}
        className="hidden border-b border-gray-200 text-left text-xs font-semibold tracking-wide text-gray-600 uppercase md:table-header-group"
      />
      <tbody className="block divide-y divide-gray-100 md:table-row-group">{children}</tbody>
    </table>
  );
}
