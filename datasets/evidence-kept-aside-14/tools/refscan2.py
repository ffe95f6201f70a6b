# Scratch: pool pages (not kept out, with a URL, not English) with lines that begin with a source word, or with numbered notes "(1) ..."/"[1] ..." lines.
import sys; sys.path.insert(0,'/work/scratch/ev14')
from pool import *
c=json.load(open('/work/scratch/ev14/cands.json'))
S=re.compile(r'^(Quellen?|Quellenangaben?|Einzelnachweise|Fußnoten|Fonte|Fontes|Fuentes?|Sources?|Bronnen?|Źródł[oa]|Источник[иа]?|Литература|参考文献|参考資料|出典|脚注|注释|注：|참고문헌|출처)\b',re.I)
N=re.compile(r'^(\(\d{1,2}\)|\[\d{1,2}\]|\d{1,2}\)) \S')
for x in c:
    if x['excluded'] or not x['url'] or not x['url'].startswith('http') or x['words']<150 or x['lang']=='en' or x['repo']=='hhursev/recipe-scrapers': continue
    raw=show(x['repo'].replace('/','+'),x['path'])
    if x['path'].endswith('.gz'): raw=gzip.decompress(raw)
    if x['repo']=='fhgr/harvest': raw=json.loads(raw)['html'].encode('utf-8')
    t,tx,ch,hl=parse(raw)
    s=[l[:40] for l in ch if S.match(l)]; n=[l[:40] for l in ch if N.match(l)]
    if len(s)>=1 and len(n)>=2 or len(n)>=4: print(x['lang'],x['host'],x['words'],'|',s[:2],len(n),n[:2],'|',(x['title'] or '')[:50],'|',x['path'][-35:])
