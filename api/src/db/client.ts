import postgres from 'postgres';

export type Sql = postgres.Sql;
export type TransactionSql = postgres.TransactionSql;

/** One pool per process. Notices (e.g. "relation already exists, skipping") are noise. */
export function createSql(databaseUrl: string, options: { max?: number } = {}): Sql {
  return postgres(databaseUrl, {
    max: options.max ?? 10,
    onnotice: () => {},
    connection: { application_name: 'patchbay' },
  });
}
