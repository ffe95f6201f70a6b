# Scratch: the first and last N characters of the main text as read (candidates/<id>.json), for the ids given.
import json,sys,re
D='/work/main/datasets/evidence-kept-aside-15/candidates/'
n=int(sys.argv[1])
for i in sys.argv[2:]:
    t=re.sub(r'\s*\n\s*',' / ',json.load(open(D+i+'.json'))['text']); t=re.sub(r'[ \t]+',' ',t).strip()
    print('##',i,len(t)); print(t[:n].replace('\n',' / ')); print('  ...', t[-n:].replace('\n',' / ')); print()
