# Scratch: summarise the pool (cands.json): pages not kept out, by repository and language, with the WCXB page type.
import json,sys,collections,subprocess
c=json.load(open('/work/scratch/ev15/cands.json'))
ok=[x for x in c if not x['excluded']]
print(len(c),'pool',len(ok),'left')
print(collections.Counter((x['repo'].split('/')[0],x['lang']) for x in ok).most_common(60))
