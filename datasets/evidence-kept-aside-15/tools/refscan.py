# Scratch: pool pages (not kept out, with a URL, not English or German) with footnote markers ([1], ¹) or source words anywhere in the text, with counts.
import sys; sys.path.insert(0,'/work/scratch/ev15')
from pool import *
c=json.load(open('/work/scratch/ev15/cands.json'))
W=re.compile(r'(参考|出典|出处|来源|資料來源|引用|Fonte|Fontes|Fuente|Fuentes|Source|Sources|Источник|Источники|Литература|Źródło|Źródła|Bron|Bronnen|Bibliograf|Riferimenti|Referencias|Références|Referências|Notas|Note|Kilde|Källa|Källor|출처|참고)')
for x in c:
    if x['excluded'] or not x['url'] or x['words']<150 or x['lang'] in ('en','de') or x['repo']=='hhursev/recipe-scrapers': continue
    raw=show(x['repo'].replace('/','+'),x['path'])
    if x['path'].endswith('.gz'): raw=gzip.decompress(raw)
    if x['repo']=='fhgr/harvest': raw=json.loads(raw)['html'].encode('utf-8')
    t,tx,ch,hl=parse(raw)
    fn=len(re.findall(r'\[\d{1,3}\]|[¹²³⁴⁵⁶⁷⁸⁹]',tx)); ws=[m.group(1) for m in W.finditer(tx)]
    if fn>=3 or len(ws)>=3: print(x['lang'],x['host'],x['words'],'fn',fn,'src',len(ws),sorted(set(ws))[:6],'|',(x['title'] or '')[:50],'|',x['path'][-30:])
