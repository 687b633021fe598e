// A filtered, paginated SELECT built from optional conditions, with one prepared statement per
// combination of conditions (the SQL text is the cache key), so every query stays prepared.
import type Database from 'better-sqlite3';

export interface Page<T> {
  items: T[];
  page: number;
  limit: number;
  total: number;
  pages: number;
}

export class Where {
  readonly clauses: string[] = [];
  readonly params: unknown[] = [];
  /** Adds `sql` with its `?` values when `value` is given (not undefined). */
  when<T>(value: T | undefined, sql: string, ...bind: Array<(v: T) => unknown>): this {
    if (value === undefined) return this;
    this.clauses.push(sql);
    for (const f of bind.length ? bind : [(v: T) => v]) this.params.push(f(value));
    return this;
  }
  always(sql: string, ...params: unknown[]): this {
    this.clauses.push(sql);
    this.params.push(...params);
    return this;
  }
  toString(): string {
    return this.clauses.length ? `WHERE ${this.clauses.join(' AND ')}` : '';
  }
}

export interface PagedQuery {
  select: string;
  from: string;
  where: Where;
  /** Must end with a unique column so pages never overlap (decisions 1). */
  orderBy: string;
  /** Values of the `?` in orderBy, if any. */
  orderParams?: unknown[];
  page: number;
  limit: number;
}

export function createPager(db: Database.Database) {
  const statements = new Map<string, Database.Statement>();
  const prepare = (sql: string) => {
    let stmt = statements.get(sql);
    if (!stmt) statements.set(sql, (stmt = db.prepare(sql)));
    return stmt;
  };
  return function paged<R, T = R>(q: PagedQuery, shape: (row: R) => T = (r) => r as unknown as T): Page<T> {
    const where = q.where.toString();
    const total = prepare(`SELECT count(*) FROM ${q.from} ${where}`)
      .pluck()
      .get(...q.where.params) as number;
    const offset = (q.page - 1) * q.limit;
    const rows =
      offset >= total
        ? []
        : (prepare(`SELECT ${q.select} FROM ${q.from} ${where} ORDER BY ${q.orderBy} LIMIT ? OFFSET ?`).all(
            ...q.where.params,
            ...(q.orderParams ?? []),
            q.limit,
            offset,
          ) as R[]);
    return { items: rows.map(shape), page: q.page, limit: q.limit, total, pages: Math.ceil(total / q.limit) };
  };
}
