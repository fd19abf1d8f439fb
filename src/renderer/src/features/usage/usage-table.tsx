import { useState, type ReactNode } from 'react';

export interface Column<R> {
  key: string;
  label: string;
  /** The cell as shown. */
  cell: (row: R) => ReactNode;
  /** What the column sorts by; absent: not sortable. */
  sortValue?: (row: R) => number | string;
  numeric?: boolean;
}

interface Props<R> {
  caption: string;
  columns: Column<R>[];
  rows: R[];
  rowKey: (row: R) => string;
  /** The column sorted by at first (descending for numbers). */
  initialSort?: string;
  /** Rows shown before "Show all". */
  limit?: number;
  empty?: string;
  testId?: string;
}

/** A table of figures whose headers sort it (aria-sort says how), numbers aligned right. */
export function UsageTable<R>({ caption, columns, rows, rowKey, initialSort, limit, empty, testId }: Props<R>) {
  const [sort, setSort] = useState<{ key: string; desc: boolean } | null>(
    initialSort ? { key: initialSort, desc: true } : null,
  );
  const [all, setAll] = useState(false);
  const column = columns.find((c) => c.key === sort?.key);
  const sorted =
    column?.sortValue && sort
      ? [...rows].sort((a, b) => {
          const [x, y] = [column.sortValue!(a), column.sortValue!(b)];
          const order = x < y ? -1 : x > y ? 1 : 0;
          return sort.desc ? -order : order;
        })
      : rows;
  const shown = limit && !all ? sorted.slice(0, limit) : sorted;
  return (
    <div className="usage-table-wrap">
      <table className="usage-table" data-testid={testId}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => {
              const active = sort?.key === c.key;
              return (
                <th
                  key={c.key}
                  scope="col"
                  className={c.numeric ? 'num' : undefined}
                  aria-sort={active ? (sort.desc ? 'descending' : 'ascending') : undefined}
                >
                  {c.sortValue ? (
                    <button
                      type="button"
                      className="usage-sort"
                      onClick={() =>
                        setSort(active ? { key: c.key, desc: !sort.desc } : { key: c.key, desc: c.numeric === true })
                      }
                    >
                      {c.label}
                      <span aria-hidden="true">{active ? (sort.desc ? ' ▾' : ' ▴') : ''}</span>
                    </button>
                  ) : (
                    c.label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {shown.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="usage-empty">
                {empty ?? 'Nothing in this range.'}
              </td>
            </tr>
          ) : (
            shown.map((r) => (
              <tr key={rowKey(r)}>
                {columns.map((c) => (
                  <td key={c.key} className={c.numeric ? 'num' : undefined}>
                    {c.cell(r)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
      {limit && rows.length > limit && (
        <button type="button" className="btn btn-ghost usage-more" onClick={() => setAll(!all)}>
          {all ? 'Show fewer' : `Show all ${rows.length}`}
        </button>
      )}
    </div>
  );
}
