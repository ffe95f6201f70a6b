// A realistic article page of about 100 KB for the analyser benchmark: site chrome with a large
// navigation, inline CSS and scripts, JSON-LD, an article with headings, paragraphs, links,
// lists, a table, images, quotations, and a footer. Deterministic (no randomness).

const SENTENCES = [
  'Generative engines answer questions by quoting the pages they trust most.',
  'In a 2024 study, 42% of respondents said they used an AI assistant every week.',
  'Pages with clear headings and short paragraphs are easier to quote.',
  'The median page weight grew to 2.3 MB, according to the HTTP Archive.',
  'A product page should state its price, such as $120, and its availability.',
  'Writers who cite their sources earn more trust from readers and from machines.',
  'Structured data tells a crawler what the page is about without guessing.',
  'About 1,200 users took part in the survey over 3 months.',
];

function paragraph(i: number): string {
  const parts: string[] = [];
  for (let j = 0; j < 6; j++) parts.push(SENTENCES[(i + j) % SENTENCES.length]!);
  if (i % 3 === 0) parts.push(`Read the <a href="https://www.example.org/research/${i}">original research ${i}</a>.`);
  if (i % 4 === 0) parts.push(`See also <a href="/guides/topic-${i}">our guide number ${i}</a> and <em>related notes</em>.`);
  return `<p class="para">${parts.join(' ')}</p>`;
}

export function realisticPage(targetBytes = 100_000): string {
  const nav = Array.from({ length: 80 }, (_, i) => `<li class="menu-item"><a href="/section-${i}/" class="menu-link">Section ${i}</a></li>`).join('');
  const css = `.para{margin:0 0 1em;line-height:1.6}`.repeat(120);
  const script = `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());`.repeat(40);
  const head = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>How answer engines choose sources: a practical guide</title>
<meta name="description" content="What makes a page quotable by generative engines, with data and sources.">
<link rel="canonical" href="https://www.example.com/guides/answer-engines">
<meta name="viewport" content="width=device-width, initial-scale=1"><style>${css}</style>
<script>${script}</script>
<script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"Article","headline":"How answer engines choose sources","author":{"@type":"Person","name":"Ada Writer"},"datePublished":"2024-05-01"},{"@type":"Organization","name":"Example","url":"https://www.example.com/"},{"@type":"BreadcrumbList","itemListElement":[{"@type":"ListItem","position":1,"name":"Guides"}]}]}</script>
</head><body><header class="site-header"><div class="logo"><a href="/"><img src="/logo.svg" alt="Example"></a></div><nav><ul class="menu">${nav}</ul></nav></header>
<main><article><header><h1>How answer engines choose sources</h1><p class="byline">By <a rel="author" href="/team/ada">Ada Writer</a>, <time datetime="2024-05-01">1 May 2024</time></p></header>`;
  const foot = `</article></main><aside><h2>Related</h2><ul>${Array.from({ length: 20 }, (_, i) => `<li><a href="/related/${i}">Related article ${i}</a></li>`).join('')}</ul></aside>
<footer><p>© Example</p><a href="https://twitter.com/intent/tweet?url=x">Share</a></footer><script>${script}</script></body></html>`;
  const body: string[] = [];
  let size = head.length + foot.length;
  for (let i = 0; size < targetBytes; i++) {
    let block = '';
    if (i % 8 === 0) block += `<h2 id="s${i}">Section ${i / 8 + 1}: what the data says</h2>`;
    if (i % 8 === 4) block += `<h3>Detail ${i}</h3>`;
    block += paragraph(i);
    if (i % 10 === 5) block += `<ul><li>First point with 12 kg</li><li>Second point</li><li>Third <a href="#x">point</a></li></ul>`;
    if (i % 15 === 7) block += `<figure><blockquote><p>Sources matter more than style.</p></blockquote><figcaption>— Dr. Grace Hopper</figcaption></figure>`;
    if (i % 12 === 3) block += `<img src="/img/${i}.png" alt="Chart ${i}" width="600" height="400"><img src="/img/d${i}.png">`;
    if (i % 20 === 11) block += `<table><tr><th>Engine</th><th>Share</th></tr><tr><td>A</td><td>40%</td></tr><tr><td>B</td><td>25%</td></tr></table>`;
    body.push(block);
    size += block.length;
  }
  return head + body.join('\n') + foot;
}

/**
 * A markup-heavy listing page of about 100 KB (a shop category): deep nesting, many classes and
 * data attributes, inline SVG icons, few words per element.
 */
export function listingPage(targetBytes = 100_000): string {
  const icon = '<svg class="icon" viewBox="0 0 24 24" aria-hidden="true"><title>star</title><path d="M12 2l3 7h7l-5.5 4 2 7-6.5-4.5L5.5 20l2-7L2 9h7z"/></svg>';
  const head = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Desk lamps | Example Shop</title>
<meta name="description" content="Desk lamps in oak, brass and steel."><link rel="canonical" href="https://www.example.com/lamps">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"BreadcrumbList","itemListElement":[{"@type":"ListItem","position":1,"name":"Lamps"}]}</script></head>
<body><header class="site-header"><nav class="nav"><ul>${Array.from({ length: 40 }, (_, i) => `<li class="nav__item"><a class="nav__link" href="/c/${i}">Category ${i}</a></li>`).join('')}</ul></nav></header>
<main class="listing"><h1>Desk lamps</h1><p>Lamps for reading, working and relaxing, made to order in our workshop.</p><div class="grid">`;
  const foot = `</div></main><footer class="site-footer"><p>© Example Shop</p></footer></body></html>`;
  const cards: string[] = [];
  let size = head.length + foot.length;
  for (let i = 0; size < targetBytes; i++) {
    const card = `<div class="grid__cell" data-index="${i}"><article class="card card--product" itemscope itemtype="https://schema.org/Product" data-sku="SKU-${1000 + i}">
<a class="card__link" href="/p/lamp-${i}"><div class="card__media"><img class="card__img" src="/img/lamp-${i}.jpg" alt="Lamp model ${i}" loading="lazy" width="300" height="300"></div>
<div class="card__body"><h2 class="card__title" itemprop="name">Lamp model ${i}</h2><div class="card__rating">${icon}${icon}${icon}<span class="sr-only">Rated 4.5 of 5</span></div>
<p class="card__desc" itemprop="description">Solid oak base, brass shade, 40 cm tall.</p>
<div class="card__price" itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price" content="${80 + i}">£${80 + i}</span></div></div></a></article></div>`;
    cards.push(card);
    size += card.length;
  }
  return head + cards.join('\n') + foot;
}
