# Scratch: which 8-word shingles a chosen page shares with its nearest reference (to describe the overlaps in SOURCES.md).
import sys; sys.path.insert(0,'/work/scratch/set11')
from pool import *
def words(x): return re.findall(r'\w+',x.lower())
def sh8(x):
    w=words(x); return {' '.join(w[i:i+8]) for i in range(max(1,len(w)-7))}
def page(set_,id_):
    return gzip.open(f'/work/main/datasets/{set_}/pages/{id_}.html.gz').read()
def rblob(name):  # a Readability source.html by its blob prefix, as refs.py names it (name@blob)
    b=name.split('@')[1]
    return git('mozilla+readability','cat-file','blob',git('mozilla+readability','rev-parse',b).decode().strip())
pairs=[('forum-en-003','evidence-kept-aside-6','forum-en-002'),('product-en-001','evidence-kept-aside-5','docs-en-002'),('product-de-002','evidence-kept-aside-9','product-de-003'),('blog-fr-001','evidence','reference-fr-001'),('reference-en-001','evidence-kept-aside-8','docs-en-002'),('product-fr-001','evidence-kept-aside-5','blog-fr-001')]
for a,s,b in pairs:
    x=parse(page('evidence-kept-aside-11',a))[1]
    y=parse(rblob(b) if s=='readability' else page(s,b))[1]
    if len(CJK.findall(x))>len(x)*0.2:
        t1=re.sub(r'\s+','',x); t2=re.sub(r'\s+','',y)
        A={t1[i:i+20] for i in range(max(1,len(t1)-19))}; B={t2[i:i+20] for i in range(max(1,len(t2)-19))}
    else:
        A=sh8(x); B=sh8(y)
    com=A&B
    print('##',a,s,b,len(com),'of',len(A))
    for c in sorted(com)[:8]: print('   ',c)
