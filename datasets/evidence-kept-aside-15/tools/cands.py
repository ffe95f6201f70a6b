# The pool for the fifteenth kept-aside set: every HTML page of the fifteen sources of set 14 (adbar/trafilatura,
# adbar/htmldate, the two scrapinghub benchmarks, fhgr/harvest, postlight/parser, goose3/goose3, AndyTheFactory/newspaper4k,
# flairNLP/fundus, hhursev/recipe-scrapers, opendatalab/magic-html, kepano/defuddle, microlinkhq/metascraper, j0k3r/graby
# and Murrough-Foley/web-content-extraction-benchmark), less the pages of datasets/evidence and datasets/evidence-kept-aside,
# -2 … -14 (repository+path, URL, title), each checked against the references of refs.py (bytes, title, >10% shingles) and
# tagged with its site. Set 14's script, with set 14 added to the sets kept out (its header, set 13's, said set 12); no source added.
# Run second: PYTHONHASHSEED=1 python3 cands.py (writes /work/scratch/ev15/cands.json, the pool build.py chooses from).
import sys; sys.path.insert(0,'/work/scratch/ev15')
from pool import *
D='/work/main/datasets/'
man=json.load(open(D+'evidence/manifest.json'))+json.load(open(D+'evidence-kept-aside/manifest.json'))+json.load(open(D+'evidence-kept-aside-2/manifest.json'))+json.load(open(D+'evidence-kept-aside-3/manifest.json'))+json.load(open(D+'evidence-kept-aside-4/manifest.json'))+json.load(open(D+'evidence-kept-aside-5/manifest.json'))+json.load(open(D+'evidence-kept-aside-6/manifest.json'))+json.load(open(D+'evidence-kept-aside-7/manifest.json'))+json.load(open(D+'evidence-kept-aside-8/manifest.json'))+json.load(open(D+'evidence-kept-aside-9/manifest.json'))+json.load(open(D+'evidence-kept-aside-10/manifest.json'))+json.load(open(D+'evidence-kept-aside-11/manifest.json'))+json.load(open(D+'evidence-kept-aside-12/manifest.json'))+json.load(open(D+'evidence-kept-aside-13/manifest.json'))+json.load(open(D+'evidence-kept-aside-14/manifest.json'))
def norm(u): return re.sub(r'^https?://(www\.)?','',u or '').rstrip('/')
def host(u):
    h=re.sub(r'^https?://','',u or '').split('/')[0].split(':')[0].lower()
    return re.sub(r'^(www\d?|m|amp|mobile)\.','',h)
def site(h):  # registrable part, roughly: last two labels, three for co.uk-like
    p=h.split('.')
    return '.'.join(p[-3:]) if len(p)>=3 and (p[-2] in ('co','com','org','net','gov','ac','ne','or','go') and len(p[-1])==2) else '.'.join(p[-2:])
used={(p['source']['repository'],p['source']['path']) for p in man}
usedurl={norm(p['url']) for p in man if p['url']}
usedtitle={p['title'] for p in man if p['title']}
usedsite=set()
for p in man:
    u=p['url'] or (re.search(r'https?://[^\s)\'"]+',p.get('notes') or '') or [None])[0]
    if u: usedsite.add(site(host(u)))
    else: usedsite.add(site(host(p['source']['path'].split('/')[-1].split('-')[0].rsplit('.html',1)[0])))
print(len(usedsite),'used sites')
items=[]
ev=json.loads(show('adbar+trafilatura','tests/evaldata.json'))
f2u={v['file']:k for k,v in ev.items()}
for d in ['tests/eval/','tests/cache/']:
    for p in ls('adbar+trafilatura',d):
        if p.endswith('.html'): items.append(('adbar/trafilatura','adbar+trafilatura',p,f2u.get(p.split('/')[-1])))
gt=json.loads(show('scrapinghub+article-extraction-benchmark','ground-truth.json'))
for p in ls('scrapinghub+article-extraction-benchmark','html/'):
    if p.endswith('.html.gz'): items.append(('scrapinghub/article-extraction-benchmark','scrapinghub+article-extraction-benchmark',p,gt.get(p.split('/')[-1][:-8],{}).get('url')))
gt=json.loads(show('scrapinghub+product-extraction-benchmark','dataset/ground-truth.json'))
for p in ls('scrapinghub+product-extraction-benchmark','dataset/html/'):
    if p.endswith('.html.gz'): items.append(('scrapinghub/product-extraction-benchmark','scrapinghub+product-extraction-benchmark',p,gt.get(p.split('/')[-1][:-8],{}).get('url')))
for p in ls('fhgr+harvest','corpus/goldDocumentsPre/'):
    if p.endswith('.json'): items.append(('fhgr/harvest','fhgr+harvest',p,None))
# postlight fixtures: the URL its extractor's test parses the fixture with (src/extractors/custom/<host>/index.test.js), as
# the earlier sets took it (set 7 took none of these: its pool gave them no URL).
pl={}
for t in ls('postlight+parser','src/extractors/custom/'):
    if t.endswith('.test.js'):
        js=show('postlight+parser',t).decode('utf-8','replace')
        for m in re.finditer(r'url\s*=\s*[\'"`](https?://[^\'"`]+)[\'"`][^;]*;\s*const html\s*=\s*fs\.readFileSync\(\s*[\'"`]\./(fixtures/[^\'"`]+)',js):
            pl.setdefault(m.group(2),m.group(1))
for p in ls('postlight+parser','fixtures/'):
    if p.endswith('.html'): items.append(('postlight/parser','postlight+parser',p,pl.get(p)))
hd={}
for f in ['tests/eval_default.json','tests/eval_mediacloud_2020.json']:
    for k,v in json.loads(show('adbar+htmldate',f)).items(): hd[v['file']]=k
for d in ['tests/test_set/','tests/eval/','tests/cache/']:
    for p in ls('adbar+htmldate',d):
        if re.search(r'\.html?$',p): items.append(('adbar/htmldate','adbar+htmldate',p,hd.get(p.split('/')[-1])))
for p in ls('goose3+goose3','tests/data/content/'):
    if p.endswith('.html'):
        try: u=json.loads(show('goose3+goose3',p[:-5]+'.json'))['url']
        except Exception: u=None
        items.append(('goose3/goose3','goose3+goose3',p,u))
for p in ls('AndyTheFactory+newspaper4k','tests/data/html/'):
    if p.endswith('.html'):
        try: u=json.loads(show('AndyTheFactory+newspaper4k','tests/data/metadata/'+p.split('/')[-1][:-5]+'.json'))['url']
        except Exception: u=None
        items.append(('AndyTheFactory/newspaper4k','AndyTheFactory+newspaper4k',p,u))
# Four more repositories (set 8): fundus (news, URLs in each folder's meta.info), recipe-scrapers (recipes, URL from
# the .json beside each .testhtml), magic-html (its benchmark's articles and forum pages, URLs in base.json), defuddle
# (its test fixtures; URL from the page's canonical link or og:url, none for the made-up fixtures).
for d in sorted({p.rsplit('/',1)[0] for p in ls('flairNLP+fundus','tests/resources/parser/test_data/') if p.endswith('.html.gz')}):
    try: mi=json.loads(show('flairNLP+fundus',d+'/meta.info'))
    except Exception: mi={}
    for p in ls('flairNLP+fundus',d+'/'):
        if p.endswith('.html.gz') and p.rsplit('/',1)[0]==d: items.append(('flairNLP/fundus','flairNLP+fundus',p,mi.get(p.split('/')[-1],{}).get('url')))
for p in ls('hhursev+recipe-scrapers','tests/test_data/'):
    if p.endswith('.testhtml'):
        try: u=json.loads(show('hhursev+recipe-scrapers',p[:-9]+'.json')).get('canonical_url')
        except Exception: u=None
        items.append(('hhursev/recipe-scrapers','hhursev+recipe-scrapers',p,u))
for g in ['article','forum']:
    gt=json.loads(show('opendatalab+magic-html','benchmark/data/'+g+'/base.json'))
    for p in ls('opendatalab+magic-html','benchmark/data/'+g+'/htmls/'):
        if p.endswith('.html'): items.append(('opendatalab/magic-html','opendatalab+magic-html',p,gt.get(p.split('/')[-1][:-5],{}).get('url')))
for p in ls('kepano+defuddle','tests/fixtures/'):
    if p.endswith('.html'):
        h=show('kepano+defuddle',p)[:20000].decode('utf-8','replace')
        m=re.search(r'<link[^>]+rel=["\']canonical["\'][^>]+href=["\'](https?://[^"\']+)',h) or re.search(r'<meta[^>]+property=["\']og:url["\'][^>]+content=["\'](https?://[^"\']+)',h)
        items.append(('kepano/defuddle','kepano+defuddle',p,m.group(1) if m else None))
# One more repository (set 9): microlinkhq/metascraper, the HTML pages of its tests (packages/*/test/). URL: for an
# integration test (packages/metascraper/test/integration/<name>/), the url its index.js parses the page with; for a
# fixture, the url its test reads it with (the fixture named by that url's slug, or a test block naming the fixture and
# a url); otherwise the page's canonical link or og:url.
def ms_url(p):
    d=p.rsplit('/',1)[0]
    if '/test/integration/' in p:
        js=show('microlinkhq+metascraper',p.split('/input')[0]+'/index.js').decode('utf-8','replace')
        m=re.search(r'\burl\s*=\s*[\'"`](https?://[^\'"`]+)',js)
        if m: return m.group(1)
    else:
        tdir=p.split('/test/')[0]+'/test/'; name=p.split('/')[-1]
        for t in ls('microlinkhq+metascraper',tdir):
            if not t.endswith('.js') or '/fixtures/' in t: continue
            js=show('microlinkhq+metascraper',t).decode('utf-8','replace')
            for u in re.findall(r'[\'"`](https?://[^\'"`\s]+)[\'"`]',js):
                if re.sub(r'[^\w.-]+','-',re.sub(r'^https?://','',u))+'.html'==name: return u
            rel=p.split('/test/',1)[1]; uniq=sum(x.endswith('/'+name) for x in ls('microlinkhq+metascraper',tdir))==1
            for b in re.split(r'\btest\(',js):
                if rel in b or (uniq and re.search(r'[\'"`/]'+re.escape(name)+r'[\'"`]',b)):
                    m=re.search(r'\burl\s*[=:]\s*[\'"`](https?://[^\'"`]+)',b)
                    if m: return m.group(1)
    h=show('microlinkhq+metascraper',p)[:200000].decode('utf-8','replace')
    m=re.search(r'<link[^>]+rel=["\']canonical["\'][^>]+href=["\'](https?://[^"\']+)',h) or re.search(r'<meta[^>]+property=["\']og:url["\'][^>]+content=["\'](https?://[^"\']+)',h)
    return m.group(1) if m else None
for p in ls('microlinkhq+metascraper','packages/'):
    if re.search(r'/test/.*\.html$',p) and '/snapshots/' not in p: items.append(('microlinkhq/metascraper','microlinkhq+metascraper',p,ms_url(p)))
# One more repository (set 11): j0k3r/graby, the HTML pages of its tests (tests/fixtures/content/). URL: the page's
# canonical link or og:url; where it has neither, the file name where it spells one (https___host_path.html; the
# underscores of the path are ambiguous, so this is rough and such a page is not taken without checking).
for p in ls('j0k3r+graby','tests/fixtures/content/'):
    if p.endswith('.html'):
        n=p.split('/')[-1]
        h=show('j0k3r+graby',p)[:200000].decode('utf-8','replace')
        m=re.search(r'<link[^>]+rel=["\']canonical["\'][^>]+href=["\'](https?://[^"\']+)',h) or re.search(r'<link[^>]+href=["\'](https?://[^"\']+)["\'][^>]+rel=["\']canonical["\']',h) or re.search(r'<meta[^>]+property=["\']og:url["\'][^>]+content=["\'](https?://[^"\']+)',h)
        u=m.group(1) if m else (re.sub(r'^(https?)___','\\1://',n[:-5]).replace('_','/',1) if n.startswith('http') else None)
        items.append(('j0k3r/graby','j0k3r+graby',p,u))
# One more repository (set 12): Murrough-Foley/web-content-extraction-benchmark (WCXB, 2025 pages, one per domain),
# dev/html/*.html.gz and test/html/*.html.gz; URL from the ground-truth file of the same id (its "url").
for sp in ['dev','test']:
    for p in ls('Murrough-Foley+web-content-extraction-benchmark',sp+'/html/'):
        if p.endswith('.html.gz'):
            try: u=json.loads(show('Murrough-Foley+web-content-extraction-benchmark',sp+'/ground-truth/'+p.split('/')[-1][:-8]+'.json')).get('url')
            except Exception: u=None
            items.append(('Murrough-Foley/web-content-extraction-benchmark','Murrough-Foley+web-content-extraction-benchmark',p,u))
print(len(items),'items')
refs=pickle.load(open('/work/scratch/ev15/refs.pkl','rb'))
from collections import defaultdict
inv=defaultdict(list)
for i,r in enumerate(refs):
    for s in r[3]: inv[s].append(i)
out=[]
for repo,m,p,url in items:
    if (repo,p) in used: continue
    raw=show(m,p)
    if p.endswith('.gz'): raw=gzip.decompress(raw)
    if repo=='fhgr/harvest':
        j=json.loads(raw); url=j.get('url'); raw=j['html'].encode('utf-8')
    t,x,c,hl=parse(raw)
    sh=shingles(x); cnt=defaultdict(int)
    for s in sh:
        for i in inv.get(s,()): cnt[i]+=1
    best=max(cnt.items(),key=lambda kv:kv[1],default=(None,0))
    sha=hashlib.sha256(raw).hexdigest()
    reasons=[]
    if any(r[1]==sha for r in refs): reasons.append('bytes')
    if t and any(r[2]==t for r in refs): reasons.append('title:'+[r[0] for r in refs if r[2]==t][0])
    if t and t in usedtitle: reasons.append('usedtitle')
    ov=best[1]/max(1,len(sh))
    if ov>0.10: reasons.append(f'overlap:{refs[best[0]][0]}:{ov:.2f}')
    if url and norm(url) in usedurl: reasons.append('url')
    h=host(url) if url else None
    fh=None if h else host(p.split('/')[-1].split('-')[0].rsplit('.html',1)[0])  # no URL: the file name's host, as for usedsite
    if h and site(h) in usedsite: reasons.append('site')
    if fh and site(fh) in usedsite: reasons.append('filesite')
    out.append(dict(repo=repo,path=p,url=url,host=h or fh,title=t,htmllang=hl,lang=lang(x),words=mainwords(c),size=len(raw),overlap=round(ov,3),nearest=refs[best[0]][0] if best[0] is not None else None,excluded=reasons,sha=sha))
json.dump(out,open('/work/scratch/ev15/cands.json','w'),ensure_ascii=False,indent=0)
print(len(out), sum(1 for o in out if o['excluded']), 'excluded')
