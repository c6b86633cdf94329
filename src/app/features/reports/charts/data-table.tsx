/** A column: its heading, and whether its cells are figures (aligned right). */
export interface Column {
  label: string;
  /** What the eye reads where the column is narrow ("lun"); a screen reader still reads `label`. */
  short?: string;
  numeric?: boolean;
}

/**
 * A chart's numbers as a real table, for a screen reader and for a quick
 * read: the first cell of each row heads it. Wide tables scroll inside their
 * box on a phone, which the keyboard reaches too.
 */
export function DataTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: Column[];
  rows: string[][];
}) {
  return (
    <div className="report-table" tabIndex={0} role="group" aria-label={caption}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={column.numeric ? 'report-table__n' : ''}
              >
                {column.short ? (
                  <>
                    <span aria-hidden="true">{column.short}</span>
                    <span className="visually-hidden">{column.label}</span>
                  </>
                ) : (
                  column.label
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([head, ...cells], index) => (
            <tr key={`${head}-${index}`}>
              <th scope="row">{head}</th>
              {cells.map((cell, column) => (
                <td
                  key={column}
                  className={columns[column + 1]?.numeric ? 'report-table__n' : undefined}
                >
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
