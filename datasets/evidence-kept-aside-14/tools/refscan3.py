# Scratch: pool pages (not kept out, with a URL) whose html lang or read language is neither English nor German, with a line that begins with a source word in further languages (Indonesian, Turkish, Arabic, Vietnamese, Hindi, Swedish, Norwegian, Danish, Finnish, Czech, Korean, Japanese, Chinese).
import sys; sys.path.insert(0,'/work/scratch/ev14')
from pool import *
c=json.load(open('/work/scratch/ev14/cands.json'))
S=re.compile(r'^(Sumber|Referensi|Daftar Pustaka|Kaynak(lar)?|المصادر|المراجع|مصادر|Nguồn|Tham khảo|संदर्भ|स्रोत|Källor|Kilder|Lähteet|Zdroje?|Literatura|참고|출처|参考|出典|注|Fonti|Bibliografia|Referenze|Fuentes|Referencias|Sources|Références|Notes)',re.I)
for x in c:
    hl=(x['htmllang'] or '')[:2].lower()
    if x['excluded'] or not x['url'] or not x['url'].startswith('http') or x['words']<150 or x['repo']=='hhursev/recipe-scrapers': continue
    if x['lang'] in ('en','de') and hl in ('en','de',''): continue
    raw=show(x['repo'].replace('/','+'),x['path'])
    if x['path'].endswith('.gz'): raw=gzip.decompress(raw)
    if x['repo']=='fhgr/harvest': raw=json.loads(raw)['html'].encode('utf-8')
    t,tx,ch,hl2=parse(raw)
    s=[(i*100//len(ch),l[:50]) for i,l in enumerate(ch) if S.match(l) and len(l)<120]
    if s: print(x['lang'],x['htmllang'],x['host'],x['words'],'|',s[:4],'|',(x['title'] or '')[:40],'|',x['path'][-30:])
