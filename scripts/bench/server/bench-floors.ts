// The floors the reference server is compared with, each serving the reference's answer: bare
// node:http, a plain Express 5 route, the same route behind express-openapi-validator, and Prism
// mocking the same document. Each is checked to send that answer before it is loaded.
import { fileURLToPath } from 'node:url';
import { processCpuMicros } from '../lib/proc.js';
import { startChildTarget } from './child-target.js';
import { API_PATH, bench, fetchChecked, type Row } from './measure.js';
import { LABELS, type Options } from './options.js';
import { ensurePrism, startPrism } from './prism.js';

/** Prism serves the document's paths at its root, not under the servers' base path. */
const PRISM_PATH = '/projects';
const DOCUMENT = fileURLToPath(new URL('../../../packages/types/generated/openapi.json', import.meta.url));

export async function benchFloors(body: string, auth: { authorization: string }, options: Options): Promise<Row[]> {
  const rows: Row[] = [];
  for (const kind of ['node-http', 'express', 'express-validated'] as const) {
    if (!options.targets.has(kind)) continue;
    const target = await startChildTarget({ type: 'start', kind, body });
    try {
      const { text } = await fetchChecked(target.url + API_PATH, {}, LABELS[kind]);
      if (text !== body) throw new Error(`${LABELS[kind]} does not serve the captured body byte for byte`);
      rows.push({ target: kind, ...(await bench(LABELS[kind], target.url + API_PATH, auth, options, async () => (await target.stats()).cpuMicros)) });
    } finally {
      await target.stop();
    }
  }
  return rows;
}

/** Prism is fetched from the registry on first use: not being able to fetch or start it is reported, not fatal. */
export async function benchPrism(auth: { authorization: string }, options: Options): Promise<Row> {
  try {
    const cli = await ensurePrism(options.prismDir, (line) => console.log(line));
    const prism = await startPrism({ cli, document: DOCUMENT, probePath: PRISM_PATH, headers: auth });
    try {
      const { text } = await fetchChecked(prism.url + PRISM_PATH, auth, 'Prism');
      const parsed = JSON.parse(text) as { data?: unknown[] };
      if (!Array.isArray(parsed.data)) throw new Error(`Prism's answer is not a project list: ${text.slice(0, 300)}`);
      console.log(`Prism ready at ${prism.url} (serves the document's example, ${Buffer.byteLength(text)} bytes, at ${PRISM_PATH}).`);
      return { target: 'prism', ...(await bench(LABELS.prism, prism.url + PRISM_PATH, auth, options, () => Promise.resolve(processCpuMicros(prism.pid)))) };
    } finally {
      await prism.stop();
    }
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    console.log(`  Prism skipped: ${why}`);
    return { target: 'prism', note: `not measured: ${why.split('\n')[0]!}` };
  }
}
