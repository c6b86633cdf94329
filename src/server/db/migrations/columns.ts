import type { ColumnDefinitionBuilder } from 'kysely';
import type { SqlDialect } from '../dialect.ts';

export type { SqlDialect };

/**
 * An auto-incrementing integer primary key: the one column definition that
 * Kysely's schema builder cannot write portably (`autoIncrement()` emits
 * `auto_increment`/`autoincrement`, which PostgreSQL rejects).
 */
export function autoIncrementId(dialect: SqlDialect) {
  return (column: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? column.primaryKey().generatedByDefaultAsIdentity()
      : column.primaryKey().autoIncrement();
}
