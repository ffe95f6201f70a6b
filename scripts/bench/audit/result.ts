// What one audit run measured, handed from the run (run-database.ts) to the report (report.ts).

/** process.memoryUsage() of the worker, bytes. */
export interface MemorySample {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  /** V8 heap spaces (new_space, old_space, code_space, large_object_space…): their size, bytes. */
  spaces: Record<string, number>;
}

export interface PhaseTime {
  phase: string;
  seconds: number;
}

/** One list a user opens, timed over HTTP and through the service in this process. */
export interface ListTiming {
  label: string;
  median: number;
  p99: number;
  items: number;
  total: number;
  bytes: number;
  serviceMedian: number;
}

export interface DbResult {
  name: string;
  workers: number;
  /** Each worker's peak RSS (VmHWM), MB. */
  workerPeaksMb: number[];
  pagesCrawled: number;
  stopReason: string | null;
  wallSeconds: number;
  pagesPerSecond: number;
  crawlPagesPerSecond: number;
  phases: PhaseTime[];
  workerIdleMb: number;
  workerPeakMb: number;
  workerCpuSeconds: number;
  siteCpuSeconds: number;
  apiCpuSeconds: number;
  dbBytes: number;
  dbDetail: string;
  lists: ListTiming[];
  listsAnalyzed: ListTiming[];
  /** Highest VmRSS seen while polling, per phase, MB. */
  peakByPhase: Array<[string, number]>;
  heapAtPeak: MemorySample | undefined;
  profile?: string;
}

/** Sizes are reported in MiB, as /proc and V8 count them. */
export const mb = (bytes: number): number => bytes / 2 ** 20;
