import { findStatistics } from '../../packages/engine/src/analyse/evidence/statistics.js';
const lang = process.argv[2]!;
for (const t of process.argv.slice(3)) console.log(JSON.stringify(t), '=>', findStatistics(t.replace(/\\n/g, '\n'), lang));
