import { analysePage } from './packages/engine/src/page/analyse-page.js';
import { generatedSite } from './packages/engine/test/fixtures/site/generated.js';
import { fetchedPage } from './packages/engine/bench/pathological-pages.js';
const routes = generatedSite({ pages: 400, links: [20, 50], bytes: [20_000, 60_000] });
const bodies = Object.values(routes).map((r) => (r() as { body: string }).body);
const site = { host: 'www.example.com', siteDomain: 'example.com', robots: null };
let n = 0; const t0 = performance.now();
for (let round = 0; round < 3; round++) for (const b of bodies) { analysePage(fetchedPage(b), site); n++; }
console.log(n, 'pages', ((performance.now() - t0) / n).toFixed(2), 'ms/page');
