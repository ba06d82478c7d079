/**
 * pg-boss sends its own SQL ($1, $2 … placeholders). Inside a Drizzle transaction that SQL must
 * run on the transaction's connection: on PGlite the outer connection is locked until the
 * transaction ends (a deadlock), and on a server the job would be visible before the data it
 * points at commits. This turns a Drizzle transaction into the `executeSql` pg-boss accepts.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db, SqlResult } from '../db/database';

function toDrizzleSql(text: string, values: unknown[] = []): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, match.index)));
    chunks.push(sql`${sql.param(values[Number(match[1]) - 1] ?? null)}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

export function executeSqlIn(tx: Db) {
  return async (text: string, values?: unknown[]): Promise<SqlResult> => {
    const result = (await tx.execute(toDrizzleSql(text, values))) as unknown as SqlResult;
    return { rows: result.rows };
  };
}
