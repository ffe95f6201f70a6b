import { readFileSync } from 'node:fs';
import { analyseBrands } from '../../src/answer-engines/brands/analyse-brands.js';
for (const f of process.argv.slice(2)) {
  const a = JSON.parse(readFileSync(f, 'utf8'));
  const r = analyseBrands(a.answer, a.brands, { sourceUrls: a.sources.map((s: any) => s.url), prompt: a.prompt });
  console.log('==', f.split('/').slice(-1)[0]);
  console.log('got  :', r.otherBrands.join(' | '));
  console.log('label:', a.otherBrands.join(' | '));
  for (const b of r.brands) console.log('  ', b.key, a.brands.find((x: any) => x.key === b.key).name, 'pos', b.position, 'label', a.expected[b.key].position, 'count', b.mentionCount, a.expected[b.key].mentionCount);
}
