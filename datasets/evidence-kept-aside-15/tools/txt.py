# Scratch: print the visible text of a pool page (by a substring of its path or URL), for choosing.
import sys; sys.path.insert(0,'/work/scratch/ev15')
from pool import *
c=json.load(open('/work/scratch/ev15/cands.json'))
key=sys.argv[1]; n=int(sys.argv[2]) if len(sys.argv)>2 else 3000; start=int(sys.argv[3]) if len(sys.argv)>3 else 0
for x in c:
    if key in x['path'] or key in (x['url'] or ''):
        raw=show(x['repo'].replace('/','+'),x['path'])
        if x['path'].endswith('.gz'): raw=gzip.decompress(raw)
        if x['repo']=='fhgr/harvest': raw=json.loads(raw)['html'].encode('utf-8')
        t,tx,ch,hl=parse(raw)
        body='\n'.join(cc for cc in ch if len(cc.split())>=8 or len(CJK.findall(cc))>15)
        print('##',x['repo'],x['path'],x['url'],x['excluded'],len(body),'chars')
        print(body[start:start+n]); break
