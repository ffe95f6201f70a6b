# Scratch: counts only (words / characters of the main text, numbers, quoted passages, links, cut or not) of each
# candidates file; nothing of the text or the candidates themselves is printed.
import json,glob,re,os,sys
D=sys.argv[1] if len(sys.argv)>1 else '/work/main/datasets/evidence-kept-aside-15/candidates/'
CJK=re.compile(r'[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]')
tot=[0,0,0]
for f in sorted(glob.glob(D+'*.json')):
    d=json.load(open(f)); t=d['text']
    w=len(t.split()); cj=len(CJK.findall(t))
    n,q,l=len(d['numbers']),len(d['quotes']),len(d['links'])
    tot[0]+=n; tot[1]+=q; tot[2]+=l
    print(f"{os.path.basename(f)[:-5]:18} words {w:5} chars {len(t):6} cjk {cj:5} | numbers {n:3} quotes {q:3} links {l:3} | cut {d['windowed']}")
print('total',tot)
