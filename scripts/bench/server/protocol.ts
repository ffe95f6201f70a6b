// Messages between the bench (parent) and a target server running in its own process. Each target
// gets a process of its own so that the load generator and the server do not share an event loop.

/** The seeded account: its plan, and how many projects the listed page holds. */
export const BENCH_PLAN = 'agency';
export const BENCH_PROJECTS = 5;

export type TargetKind = 'reference' | 'node-http' | 'express';

export type ParentMessage =
  | { type: 'start'; kind: 'reference'; sqliteFile: string }
  | { type: 'start'; kind: 'node-http' | 'express'; body: string }
  | { type: 'stats' }
  | { type: 'stop' };

export type ChildMessage =
  | { type: 'ready'; url: string; apiKey?: string; bypass?: string }
  | { type: 'stats'; keyTakes: number; cpuMicros: number }
  | { type: 'stopped' }
  | { type: 'failed'; message: string };
