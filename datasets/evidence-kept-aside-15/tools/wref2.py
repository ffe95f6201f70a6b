# Scratch: WCXB pool pages (not kept out, 150 to 2,500 words) whose ground-truth main_content has, in its last 35%, a
# heading line for a list of sources, links or further reading (a broader list than wref.py's), with its position.
import sys; sys.path.insert(0,'/work/scratch/ev15')
from pool import *
o=json.load(open('/work/scratch/ev15/wcxb.json'))
H=re.compile(r'^(#+ *)?\**(References|Sources|Source|Works Cited|Bibliography|Citations|Further Reading|Further reading|Resources|Additional Resources|Useful Links|Links|Related Links|Notes|Footnotes|Read more|Learn more|Research|Studies)\**:?\**\s*$',re.M|re.I)
for t,p,h,w,ti,tags in o:
    if w>2500: continue
    sp,_,f=p.split('/'); j=json.loads(show('Murrough-Foley+web-content-extraction-benchmark',sp+'/ground-truth/'+f[:-8]+'.json'))
    mc=j.get('ground_truth',{}).get('main_content') or ''
    m=[x for x in H.finditer(mc) if x.start()>0.65*len(mc)]
    if m:
        tail=mc[m[-1].end():]
        print(t,p,h,w,round(m[-1].start()/len(mc),2),len(mc),repr(m[-1].group(2)),len([l for l in tail.split('\n') if l.strip()]),'|',ti[:50])
