// The PostgreSQL schema a benchmark ran in, dropped with everything in it once the run is over.
import pg from 'pg';

export async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
}
