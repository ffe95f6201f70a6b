# Scratch: the sites (registrable domains, as cands.py reads them) of the fifteen other sets' pages, one a line.
import json,re,glob
D='/work/main/datasets/'
man=[p for f in sorted(glob.glob(D+'evidence*/manifest.json')) for p in json.load(open(f)) if 'evidence-kept-aside-15' not in f]
def host(u):
    h=re.sub(r'^https?://','',u or '').split('/')[0].split(':')[0].lower()
    return re.sub(r'^(www\d?|m|amp|mobile)\.','',h)
def site(h):
    p=h.split('.')
    return '.'.join(p[-3:]) if len(p)>=3 and (p[-2] in ('co','com','org','net','gov','ac','ne','or','go') and len(p[-1])==2) else '.'.join(p[-2:])
s=set()
for p in man:
    u=p['url'] or (re.search(r'https?://[^\s)\'"]+',p.get('notes') or '') or [None])[0]
    s.add(site(host(u)) if u else site(host(p['source']['path'].split('/')[-1].split('-')[0].rsplit('.html',1)[0])))
print(len(man),'pages',len(s),'sites'); open('/work/scratch/ev15/usedsites.txt','w').write('\n'.join(sorted(s))+'\n')
