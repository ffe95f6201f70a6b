// Messages between the bench (parent) and a target server running in its own process. Each target
// gets a process of its own so that the load generator and the server do not share an event loop.

/** The seeded account: its plan, and how many projects the listed page holds. */
export const BENCH_PLAN = 'agency';
export const BENCH_PROJECTS = 5;

/** Accounts seeded for POST /projects, each with room for its plan's projects: one per request in turn. */
export const BENCH_POST_ACCOUNTS = 200;
/** Pages of the synthetic completed audit the filtered page list reads. */
export const BENCH_AUDIT_PAGES = 2_000;

/** The reference server's other measured operations, and what each needs. */
export interface Workloads {
  createProject: { body: string; apiKeys: string[] };
  /** A path with its query: a filtered page of a completed audit's pages. */
  auditPages: { pathAndQuery: string; apiKey: string };
}

export type TargetKind = 'reference' | 'reference-cluster' | 'node-http' | 'express' | 'express-validated';

/**
 * Where the API processes of the cluster target keep their state: PostgreSQL and Redis (a schema and
 * a key prefix of the bench's own), or, when the machine has neither, a SQLite file and in-memory
 * buckets per process (the bench's per-key bucket never refuses, so their not being shared does
 * not change what is measured; a deployment needs REDIS_URL).
 */
export type ClusterStore =
  { kind: 'postgres'; databaseUrl: string; schema: string; redisUrl: string; keyPrefix: string } | { kind: 'sqlite'; sqliteFile: string };

export type ParentMessage =
  | { type: 'start'; kind: 'reference'; sqliteFile: string }
  | { type: 'start'; kind: 'reference-cluster'; processes: number; store: ClusterStore }
  | { type: 'start'; kind: 'node-http' | 'express' | 'express-validated'; body: string }
  | { type: 'stats' }
  | { type: 'stop' };

export type ChildMessage =
  | { type: 'ready'; url: string; apiKey?: string; bypass?: string; workloads?: Workloads }
  | { type: 'stats'; keyTakes: number; cpuMicros: number }
  | { type: 'stopped' }
  | { type: 'failed'; message: string };

/** Between the cluster target's primary (reference-cluster.ts) and its API processes (cluster-worker.ts), over the cluster's IPC channel. */
export type ClusterWorkerMessage = { type: 'bench-stats' } | { type: 'bench-stats-reply'; keyTakes: number; cpuMicros: number };

/**
 * The variable carrying, as JSON, the environment the primary loaded its configuration from: the
 * API processes load theirs from the same, and from nothing else of the bench's environment.
 */
export const CLUSTER_CONFIG_ENV = 'BENCH_CLUSTER_CONFIG_ENV';
