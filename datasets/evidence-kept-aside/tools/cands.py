import sys; sys.path.insert(0,'/tmp/kept')
from pool import *
man=json.load(open('/work/wt-kept/datasets/evidence/manifest.json'))
used={(p['source']['repository'],p['source']['path']) for p in man}
usedurl={re.sub(r'^https?://(www\.)?','',p['url'] or '').rstrip('/') for p in man}
usedtitle={p['title'] for p in man}
items=[]  # (repo, path, url, rawbytes-getter)
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
for p in ls('postlight+parser','fixtures/'):
    if p.endswith('.html'): items.append(('postlight/parser','postlight+parser',p,None))
for p in ls('adbar+htmldate','tests/test_set/'):
    if p.endswith('.html'): items.append(('adbar/htmldate','adbar+htmldate',p,None))
print(len(items),'items')
refs=pickle.load(open('/tmp/kept/refs.pkl','rb'))
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
    ov=best[1]/max(1,len(sh))
    if ov>0.10: reasons.append(f'overlap:{refs[best[0]][0]}:{ov:.2f}')
    nu=re.sub(r'^https?://(www\.)?','',url or '').rstrip('/')
    if nu and nu in usedurl: reasons.append('url')
    out.append(dict(repo=repo,path=p,url=url,title=t,htmllang=hl,lang=lang(x),words=mainwords(c),size=len(raw),overlap=round(ov,3),nearest=refs[best[0]][0] if best[0] is not None else None,excluded=reasons,sha=sha))
json.dump(out,open('/tmp/kept/cands.json','w'),ensure_ascii=False,indent=0)
print(len(out))
