# Scratch: WCXB pool pages whose ground-truth main_content has a reference-list heading line in its last 40%.
import sys; sys.path.insert(0,'/work/scratch/ev15')
from pool import *
o=json.load(open('/work/scratch/ev15/wcxb.json'))
H=re.compile(r'^(#+ *)?\**(References|Sources|Works Cited|Bibliography|Citations|Sources and References|References and Further Reading|Footnotes)\**:?\s*$',re.M|re.I)
for t,p,h,w,ti,tags in o:
    sp,_,f=p.split('/'); j=json.loads(show('Murrough-Foley+web-content-extraction-benchmark',sp+'/ground-truth/'+f[:-8]+'.json'))
    mc=j.get('ground_truth',{}).get('main_content') or ''
    m=[x for x in H.finditer(mc)]
    if m:
        pos=m[-1].start()/max(1,len(mc)); tail=mc[m[-1].end():]
        print(t,p,h,w,round(pos,2),len(mc),len(tail.split('\n')),'|',ti[:50])
