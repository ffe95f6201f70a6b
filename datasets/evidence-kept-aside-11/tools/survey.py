# Scratch: features of each pool page (not excluded) to help choosing: external links, digits, quote marks,
# source-list headings, product markup, cart buttons. Writes survey.json.
import sys; sys.path.insert(0,'/work/scratch/set11')
from pool import *
c=json.load(open('/work/scratch/set11/cands.json'))
def host(u):
    h=re.sub(r'^https?://','',u or '').split('/')[0].split(':')[0].lower()
    return re.sub(r'^(www\d?|m|amp|mobile)\.','',h)
SRC=re.compile(r'<h[1-6][^>]*>\s*(?:<[^>]+>\s*)*(references|sources|notes|footnotes|bibliography|further reading|literatur|quellen|anmerkungen|fußnoten|einzelnachweise|références|sources et références|notes et références|bibliographie|referencias|fuentes|notas|bibliografía|riferimenti|fonti|note|bibliografia|referências|bronnen|literatuur|przypisy|bibliografia|źródła|zdroje|literatura|poznámky|参考文献|参考资料|注释|出典|脚注|参考|각주|참고 문헌|출처)\s*[:：]?\s*<',re.I)
out=[]
for x in c:
    if x['excluded']: continue
    m=x['repo'].replace('/','+'); raw=show(m,x['path'])
    if x['path'].endswith('.gz'): raw=gzip.decompress(raw)
    if x['repo']=='fhgr/harvest': raw=json.loads(raw)['html'].encode('utf-8')
    h=decode(raw); t,tx,ch,hl=parse(raw)
    me=host(x['url']) if x['url'] else x['host']
    ext=[u for u in re.findall(r'<a\s[^>]*href=["\'](https?://[^"\']+)',h,re.I) if me and (me.split('.')+[''])[-2] not in host(u)]
    body=' '.join(cc for cc in ch if len(cc.split())>=12 or len(CJK.findall(cc))>20)
    out.append(dict(repo=x['repo'],path=x['path'],url=x['url'],host=x['host'],lang=x['lang'],hl=x['htmllang'],words=x['words'],title=x['title'],
      ext=len(ext),extu=len(set(map(host,ext))),digits=len(re.findall(r'\d+(?:[.,]\d+)?',body)),quotes=len(re.findall(r'[“”„«»「」"]',body)),
      src=[m.group(1) for m in SRC.finditer(h)][:3],product=bool(re.search(r'"@type"\s*:\s*"Product"|itemtype=["\']https?://schema.org/Product',h)),
      cart=bool(re.search(r'add to (cart|basket|bag)|in den warenkorb|ajouter au panier|añadir al carrito|aggiungi al carrello|in winkelwagen|do koszyka|カートに入れる|加入购物车',h,re.I))))
json.dump(out,open('/work/scratch/set11/survey.json','w'),ensure_ascii=False)
print(len(out))
