# Scratch: pool pages (not kept out, 150+ words, not English) whose visible text has, in its last 40%, a short line
# naming a list of sources or links (Quellen, Weiterführende Links, Fuentes, Sources, 参考 ...), with its position.
import sys; sys.path.insert(0,'/work/scratch/ev15')
from pool import *
c=json.load(open('/work/scratch/ev15/cands.json'))
W=re.compile(r'^(Quellen?|Quellenangaben?|Weiterführende Links|Weitere Links|Links zum Thema|Links|Literatur|Literaturhinweise|Einzelnachweise|Fuentes?|Referencias|Enlaces|Sources?|Références|Liens|Bibliographie|Fonti|Riferimenti|Bronnen|Źródła|Источники|Литература|参考文献|参考资料|参考|来源|出典|参考文献|출처|참고)\s*[:：]?\s*$',re.I)
for x in c:
    if x['excluded'] or not x['url'] or x['words']<150 or x['lang']=='en' or x['repo']=='hhursev/recipe-scrapers': continue
    raw=show(x['repo'].replace('/','+'),x['path'])
    if x['path'].endswith('.gz'): raw=gzip.decompress(raw)
    if x['repo']=='fhgr/harvest': raw=json.loads(raw)['html'].encode('utf-8')
    t,tx,ch,hl=parse(raw)
    hits=[(i,l) for i,l in enumerate(ch) if W.match(l.strip()) and i>0.6*len(ch)]
    if hits: print(x['lang'],x['host'],x['words'],'|',[(l,round(i/len(ch),2)) for i,l in hits][:3],'|',(x['title'] or '')[:50],'|',x['path'][-45:])
