// The reference server as `npm start` runs it in production: startServer() with the embedded
// defaults (SQLite file, in-memory buckets, in-process workers), response validation off, logging
// silent; seeded with one agency account that owns a few projects.
import { loadConfig, type RateLimitStore, type RunningServer, startServer, type StartOptions } from '@seo-geo/server';
import { LOOPBACK } from '../lib/net.js';
import { seedAudit } from '../lib/synthetic-audit.js';
import { BENCH_AUDIT_PAGES, BENCH_PLAN, BENCH_POST_ACCOUNTS, BENCH_PROJECTS, type Workloads } from './protocol.js';
import { deepenMemoryStoreKeyBuckets, keyTakes, UnlimitedKeyBuckets } from './unlimited-key-buckets.js';

export interface ReferenceServer {
  url: string;
  /** The full API key of the seeded account. */
  apiKey: string;
  /** How the per-key bucket was made bottomless, for the report. */
  bypass: string;
  workloads: Workloads;
  close(): Promise<void>;
}

/**
 * The hook proposed for startServer(): a rate-limit store to use instead of the one built from
 * the configuration. Passed here already; a server without the option ignores it, which the
 * probe below detects.
 */
type BenchStartOptions = StartOptions & { rateLimitStore?: RateLimitStore };

export async function startReferenceServer(options: { sqliteFile: string }): Promise<ReferenceServer> {
  // Through loadConfig so the settings are the ones an operator would set in the environment.
  const config = loadConfig({
    NODE_ENV: 'production',
    HOST: LOOPBACK,
    PORT: '0',
    DATABASE_URL: `sqlite:${options.sqliteFile}`,
    LOG_LEVEL: 'silent',
    VALIDATE_RESPONSES: 'false',
  });
  if (config.validateResponses || config.logLevel !== 'silent') throw new Error('The bench expects response validation off and logging silent');

  const startOptions: BenchStartOptions = { config, rateLimitStore: new UnlimitedKeyBuckets() };
  const running = await startServer(startOptions);
  try {
    const apiKey = await seedBenchAccount(running.services);

    // Did the server use the store it was given? One authenticated request tells.
    // A server in use has served writes: one goes through before anything is measured.
    const probe = await fetch(`${running.baseUrl}/projects`, { headers: { authorization: `Bearer ${apiKey}` } });
    await probe.arrayBuffer();
    let bypass = 'startServer({ rateLimitStore }) with the per-key bucket deepened';
    if (keyTakes.count === 0) {
      deepenMemoryStoreKeyBuckets();
      bypass = 'MemoryRateLimitStore.prototype.take patched in the server process (startServer has no rateLimitStore option yet)';
    }
    return { url: running.url, apiKey, bypass, workloads: await seedWorkloads(running), close: () => running.close() };
  } catch (error) {
    await running.close();
    throw error;
  }
}

/** The bench account (plan BENCH_PLAN) with BENCH_PROJECTS projects; returns its full API key. */
export async function seedBenchAccount(services: RunningServer['services']): Promise<string> {
  const created = await services.apiKeys.createKey({ email: 'bench@example.com', plan: BENCH_PLAN });
  const auth = await services.apiKeys.authenticate(`Bearer ${created.apiKey}`);
  if (!auth.ok) throw new Error(`The bench key does not authenticate (${auth.reason})`);
  for (let i = 1; i <= BENCH_PROJECTS; i++) {
    await services.projects.create(auth.principal, { name: `Bench project ${i}`, primaryDomain: `https://site-${i}.example.com` });
  }
  return created.apiKey;
}

/** Accounts for POST /projects, and a completed audit whose pages are listed with filters. */
async function seedWorkloads(running: RunningServer): Promise<Workloads> {
  const apiKeys: string[] = [];
  for (let i = 1; i <= BENCH_POST_ACCOUNTS; i++) {
    apiKeys.push((await running.services.apiKeys.createKey({ email: `bench-post-${i}@example.com`, plan: BENCH_PLAN })).apiKey);
  }
  const audit = await seedAudit(running, BENCH_AUDIT_PAGES, () => undefined);
  // A server in use has served writes: one goes through before anything is measured.
  const probe = await fetch(`${running.baseUrl}/projects`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKeys[0]!}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Probe', primaryDomain: 'https://probe.example.com' }),
  });
  if (probe.status !== 201) throw new Error(`POST /projects answered ${probe.status}`);
  return {
    createProject: { body: JSON.stringify({ name: 'Bench project', primaryDomain: 'https://created.example.com' }), apiKeys },
    auditPages: { pathAndQuery: `${audit.path}?page=2&pageSize=50&hasSchema=true&minGeoScore=40`, apiKey: audit.key },
  };
}
