# Scratch: which 8-word shingles a chosen page shares with its nearest reference (to describe the overlaps in SOURCES.md).
import sys; sys.path.insert(0,'/work/scratch/set9')
from pool import *
def words(x): return re.findall(r'\w+',x.lower())
def sh8(x):
    w=words(x); return {' '.join(w[i:i+8]) for i in range(max(1,len(w)-7))}
def page(set_,id_):
    return gzip.open(f'/work/main/datasets/{set_}/pages/{id_}.html.gz').read()
pairs=[('blog-de-001','evidence-kept-aside-8','blog-de-001'),('product-es-001','evidence','product-en-001'),('product-de-002','evidence-kept-aside-8','product-de-003'),('product-de-001','evidence-kept-aside','docs-de-002'),('docs-fr-001','evidence-kept-aside','blog-fr-001')]
for a,s,b in pairs:
    A=sh8(parse(page('evidence-kept-aside-9',a))[1]); B=sh8(parse(page(s,b))[1])
    com=A&B
    print('##',a,s,b,len(com),'of',len(A)); 
    for c in sorted(com)[:6]: print('   ',c)
