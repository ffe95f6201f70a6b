# Scratch: WCXB pool pages (not kept out) by page type (from the ground-truth file's _internal.page_type), with host, words and title.
import sys; sys.path.insert(0,'/work/scratch/ev15')
from pool import *
c=json.load(open('/work/scratch/ev15/cands.json'))
out=[]
for x in c:
    if x['excluded'] or not x['repo'].startswith('Murrough') or x['words']<200: continue
    sp,_,f=x['path'].split('/'); j=json.loads(show('Murrough-Foley+web-content-extraction-benchmark',sp+'/ground-truth/'+f[:-8]+'.json'))
    pt=j.get('_internal',{}).get('page_type',{}); out.append((pt.get('primary'),x['path'],x['host'],x['words'],(x['title'] or '')[:60],','.join(pt.get('tags',[])[:4])))
json.dump(out,open('/work/scratch/ev15/wcxb.json','w'))
import collections; print(collections.Counter(o[0] for o in out))
