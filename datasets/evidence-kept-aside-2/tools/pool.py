import json, gzip, hashlib, re, subprocess, sys, os, glob, pickle
from html.parser import HTMLParser
M='/work/.mirror/'
def git(repo,*a): return subprocess.run(['git','-C',M+repo+'/repo',*a],capture_output=True).stdout
def show(repo,path,commit='HEAD'): return git(repo,'show',f'{commit}:{path}')
def ls(repo,under): return git(repo,'ls-tree','-r','--name-only','HEAD',under).decode().split('\n')
SKIP={'script','style','noscript','template','svg','head'}
BLOCK={'p','div','li','td','th','h1','h2','h3','h4','h5','h6','br','tr','article','section','blockquote','pre','dd','dt','table','ul','ol','header','footer','nav','aside','main','form','option'}
class P(HTMLParser):
    def __init__(s):
        super().__init__(convert_charrefs=True); s.skip=0; s.chunks=['']; s.title=None; s.intitle=False; s.lang=None
    def handle_starttag(s,t,a):
        if t=='html':
            s.lang=dict(a).get('lang')
        if t=='title' and s.title is None: s.intitle=True; s.title=''
        if t in SKIP: s.skip+=1
        if t in BLOCK: s.chunks.append('')
    def handle_endtag(s,t):
        if t=='title': s.intitle=False
        if t in SKIP and s.skip>0: s.skip-=1
        if t in BLOCK: s.chunks.append('')
    def handle_data(s,d):
        if s.intitle: s.title+=d
        if s.skip==0: s.chunks[-1]+=d
def decode(b):
    m=re.search(rb'charset=["\']?([\w-]+)',b[:3000],re.I)
    for enc in ([m.group(1).decode()] if m else [])+['utf-8','cp1252']:
        try: return b.decode(enc)
        except Exception: pass
    return b.decode('utf-8','replace')
CJK=re.compile(r'[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]')
def parse(b):
    h=decode(b); p=P()
    try: p.feed(h); p.close()
    except Exception: pass
    chunks=[re.sub(r'\s+',' ',c).strip() for c in p.chunks]; chunks=[c for c in chunks if c]
    text='\n'.join(chunks)
    title=re.sub(r'\s+',' ',p.title or '').strip()
    return title,text,chunks,p.lang
def shingles(text):
    cjk=len(CJK.findall(text))
    if cjk>len(text)*0.2:
        t=re.sub(r'\s+','',text); return {hash(t[i:i+20]) for i in range(0,max(1,len(t)-19))}
    w=re.findall(r'\w+',text.lower()); return {hash(' '.join(w[i:i+8])) for i in range(max(1,len(w)-7))}
def mainwords(chunks):
    n=0
    for c in chunks:
        cj=len(CJK.findall(c))
        if cj>20: n+=cj//2
        else:
            k=len(c.split())
            if k>=12: n+=k
    return n
SW={'en':'the and of to is in that for with was are this'.split(),'de':'der die und das ist nicht mit sich auf für ein eine'.split(),'fr':'le la les des et est une pour dans que qui pas'.split(),
'es':'el la los las que por con para una del es se'.split(),'pl':'nie się jest na że do to jak przez oraz jego'.split(),'pt':'não que uma para com os das dos mais pelo ao'.split(),'it':'il che non della per una sono gli delle anche'.split(),'nl':'het een van de en niet zijn voor dat met'.split()}
def lang(text):
    if len(re.findall(r'[\u3040-\u30ff]',text))>100: return 'ja'
    if len(CJK.findall(text))>300: return 'zh'
    if len(re.findall(r'[\u0400-\u04ff]',text))>300: return 'ru'
    w=re.findall(r'\w+',text.lower()); from collections import Counter; c=Counter(w)
    sc={l:sum(c[x] for x in ws) for l,ws in SW.items()}
    return max(sc,key=sc.get)
