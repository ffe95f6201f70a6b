# References for the fifteenth kept-aside set: every historical Readability source.html, the 160 pages
# of datasets/evidence, the 30 each of datasets/evidence-kept-aside, -2, -3, -4, -5, -6, -7, -8, -9, -10, -11, -12, -13 and -14, and the HTML files of /work/shared/corpus.
# Run first: PYTHONHASHSEED=1 python3 refs.py (writes /work/scratch/ev15/refs.pkl; pool.py is ../../evidence-kept-aside/tools/pool.py).
import sys; sys.path.insert(0,'/work/scratch/ev15')
from pool import *
refs=[]
names={}
for l in git('mozilla+readability','log','--all','--format=','--raw','--no-abbrev','--','test/test-pages/*/source.html').decode().split('\n'):
    if l.strip():
        f=l.split('\t'); names.setdefault(f[0].split()[3], f[-1].split('/')[2])
blobs={b for b in names if not set(b)<={'0'}}
print(len(blobs),'readability blobs')
for b in blobs:
    raw=git('mozilla+readability','cat-file','blob',b); t,x,c,_=parse(raw)
    refs.append(('readability:'+names[b]+'@'+b[:8],hashlib.sha256(raw).hexdigest(),t,shingles(x)))
for s,pre in [('evidence','evidence:'),('evidence-kept-aside','kept-aside:'),('evidence-kept-aside-2','kept-aside-2:'),('evidence-kept-aside-3','kept-aside-3:'),('evidence-kept-aside-4','kept-aside-4:'),('evidence-kept-aside-5','kept-aside-5:'),('evidence-kept-aside-6','kept-aside-6:'),('evidence-kept-aside-7','kept-aside-7:'),('evidence-kept-aside-8','kept-aside-8:'),('evidence-kept-aside-9','kept-aside-9:'),('evidence-kept-aside-10','kept-aside-10:'),('evidence-kept-aside-11','kept-aside-11:'),('evidence-kept-aside-12','kept-aside-12:'),('evidence-kept-aside-13','kept-aside-13:'),('evidence-kept-aside-14','kept-aside-14:')]:
    W='/work/main/datasets/'+s+'/'
    for p in json.load(open(W+'manifest.json')):
        raw=gzip.open(W+'pages/'+p['id']+'.html.gz').read(); t,x,c,_=parse(raw)
        refs.append((pre+p['id'],hashlib.sha256(raw).hexdigest(),t,shingles(x)))
for f in glob.glob('/work/shared/corpus/**/*.htm*',recursive=True):
    raw=open(f,'rb').read(); t,x,c,_=parse(raw)
    refs.append(('shared:'+f.split('corpus/')[1],hashlib.sha256(raw).hexdigest(),t,shingles(x)))
print(len(refs),'refs')
pickle.dump(refs,open('/work/scratch/ev15/refs.pkl','wb'))
