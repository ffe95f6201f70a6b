# Scratch: pool pages (not kept out) whose visible text has a source-list word, with its count and position (as % of the text).
import sys; sys.path.insert(0,'/work/scratch/ev15')
from pool import *
c=json.load(open('/work/scratch/ev15/cands.json'))
W=re.compile(r'(参考文献|参考资料|参考資料|注释|脚注|出典|Bibliograf\w+|Referencias|Références|Riferimenti|Referências|Notas|Fuentes|Fonti|Źródła|Przypisy|Bronnen|Литература|Источники|Примечания|Sources ?:|Fonte ?:|Fuente ?:|Quelle[n]? ?:|Literatur|Einzelnachweise|Anmerkungen|References|Notes|Footnotes)')
for x in c:
    if x['excluded'] or not x['url'] or x['words']<150: continue
    if x['repo'] in ('hhursev/recipe-scrapers',) or (x['repo'].startswith('Murrough') and x['lang']!='en' and False): continue
    raw=show(x['repo'].replace('/','+'),x['path'])
    if x['path'].endswith('.gz'): raw=gzip.decompress(raw)
    if x['repo']=='fhgr/harvest': raw=json.loads(raw)['html'].encode('utf-8')
    t,tx,ch,hl=parse(raw)
    body='\n'.join(cc for cc in ch if len(cc.split())>=8 or len(CJK.findall(cc))>15)
    hits=[(m.group(1),round(100*m.start()/max(1,len(tx)))) for m in W.finditer(tx)]
    lines=[l for l in ch if W.fullmatch(l.strip().rstrip(':：'))]
    if lines: print(x['lang'],x['host'],x['words'],'|',lines[:3],[h for h in hits if h[0] in lines[0]][:2],'|',(x['title'] or '')[:50],'|',x['path'][-40:])
