import { Pool, type QueryResult } from 'pg';

/**
 * pg-boss's connections, owned here rather than by pg-boss. At stop pg-boss ends its own pool at once, and pg's pool
 * never answers a query still waiting for a connection once it is ending: a worker caught polling then never stops
 * (its stop monitor ticks on forever, keeping the process alive), and a job that finished in that moment is never
 * marked complete, so it runs again. This pool is ended only once every query it was given has been answered.
 */
export class JobDatabase {
  private readonly pool: Pool;

  constructor(connectionString: string, onError: (err: Error) => void) {
    this.pool = new Pool({ connectionString, max: 4, application_name: 'pgboss' });
    this.pool.on('error', onError);
  }

  /** What pg-boss calls for every statement (its `db` option). */
  executeSql = (text: string, values?: unknown[]): Promise<QueryResult> => this.pool.query(text, values);

  /** Whether no query waits for a connection or runs on one. */
  get quiet(): boolean {
    return this.pool.waitingCount === 0 && this.pool.idleCount === this.pool.totalCount;
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
