import type { ReactNode } from 'react';
import { th } from './styles.ts';

export interface Column {
  key: string;
  label: ReactNode;
  /** Replaces the default header cell classes (e.g. for an end-aligned number column). */
  className?: string;
}

/** One header row of `scope="col"` cells, so every table labels its columns the same way. */
export function TableHead({ columns, className }: { columns: Column[]; className?: string }) {
  return (
    <thead className={className}>
      <tr>
        {columns.map((column) => (
          <th key={column.key} scope="col" className={column.className ?? th}>
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
