# Scratch: print repo, path, url, excluded, pool words, title of pool pages whose path or url contains each key.
import json,sys
c=json.load(open('/work/scratch/ev15/cands.json'))
for k in sys.argv[1:]:
    for x in c:
        if k in x['path'] or k in (x['url'] or ''):
            print(k,'|',x['repo'],'|',x['path'],'|',x['url'],'|',x['excluded'],'|',x['words'],x['lang'],x['htmllang'],'|',(x['title'] or '')[:70])
