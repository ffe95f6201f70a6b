# Writes the third kept-aside set's pages and manifest from the repository snapshots, and checks them
# against Mozilla Readability's test pages (every historical source.html), the 160 pages of
# datasets/evidence, the 30 of datasets/evidence-kept-aside, the 30 of datasets/evidence-kept-aside-2 and the HTML files of ../shared/corpus
# (refs.py), and the URLs and titles against every file of ../shared/corpus.
# Run: PYTHONHASHSEED=1 python3 build.py
import sys; sys.path.insert(0,'/tmp/kept3')
from pool import *
OUT='/work/wt-set3/datasets/evidence-kept-aside-3/'
H='harvest stores the HTML as a JSON string (field html); it was written out as UTF-8, so the original byte encoding is not preserved.'
TN='tests/evaldata.json has no entry for this file; the URL is the page\'s own canonical link.'
MC='URL from tests/eval_mediacloud_2020.json.'
ED='URL from tests/eval_default.json.'
SEL=[ # id, genre, language, repository, path, url (None: from the repository's metadata), notes
('news-en-001','news','en','adbar/trafilatura','tests/eval/politico.com.retirement.html',None,'A political news report.'),
('news-de-001','news','de','adbar/trafilatura','tests/eval/d70fab3adde74d5fb63552855c981395.html',None,'A news report (stern.de, Brexit vote).'),
('news-fr-001','news','fr','adbar/htmldate','tests/eval/lepoint.fr-terrorisme.html',None,ED),
('news-es-001','news','es','adbar/trafilatura','tests/eval/diariolibre.com-republica.html','https://www.diariolibre.com/economia/agro/2022/04/22/la-fao-advierte-de-una-escalada-de-precios-prolongada-en-rd/1782277',TN),
('news-pt-001','news','pt','adbar/htmldate','tests/test_set/1548435131.html',None,MC+' A wire story (Reuters) on a Brazilian portal.'),
('news-pl-001','news','pl','adbar/htmldate','tests/test_set/1686918031.html',None,MC),
('news-ja-001','news','ja','postlight/parser','fixtures/news.mynavi.jp.html','https://news.mynavi.jp/article/20190222-775563/','URL from src/extractors/custom/news.mynavi.jp/index.test.js. A technology news report.'),
('news-zh-001','news','zh','AndyTheFactory/newspaper4k','tests/data/html/chinese_article_001.html',None,'URL from tests/data/metadata/chinese_article_001.json.'),
('news-ru-001','news','ru','adbar/htmldate','tests/test_set/1719330438.html',None,MC+' A political commentary (Moskovsky Komsomolets).'),
('blog-en-001','blog','en','adbar/trafilatura','tests/eval/mdavis.xyz.supermarket.html',None,'A personal blog post.'),
('blog-de-001','blog','de','adbar/trafilatura','tests/eval/aussengedanken.de.feuerholz.html',None,'A personal blog post (outdoor life).'),
('blog-fr-001','blog','fr','adbar/htmldate','tests/cache/paris-luttes.info.html',None,ED+' A post on an activist collaborative site.'),
('blog-es-001','blog','es','adbar/trafilatura','tests/eval/unocero.com.marcas.html',None,'A technology blog post.'),
('blog-it-001','blog','it','adbar/trafilatura','tests/eval/vegolosi.it.climate.html',None,'A post on a food and lifestyle magazine site.'),
('docs-en-001','docs','en','adbar/trafilatura','tests/eval/hackernoon.com.scrape.html',None,'A programming tutorial.'),
('docs-en-002','docs','en','adbar/trafilatura','tests/eval/geeks3d.com.hacklab.html',None,'A programming tutorial.'),
('docs-de-001','docs','de','adbar/trafilatura','tests/eval/comparis.ch.autofinanzierung.html',None,'A consumer guide (car financing).'),
('docs-fr-001','docs','fr','adbar/trafilatura','tests/eval/madame.lefigaro.fr.dintestin.html',None,'A health how-to article.'),
('docs-es-001','docs','es','adbar/trafilatura','tests/eval/larepublica.pe-minedu.html',None,'A service article (school calendar, questions and answers).'),
('forum-en-001','forum','en','fhgr/harvest','corpus/goldDocumentsPre/www.msworld.org.forum.showthread.php.json',None,H),
('forum-en-002','forum','en','fhgr/harvest','corpus/goldDocumentsPre/www.pistonheads.com.gassing.topic.asp.1858583.json',None,H),
('forum-de-001','forum','de','adbar/trafilatura','tests/eval/d43f330cbaf74e92b9aec85e937cb904.html',None,'A forum thread (mactechnews.de).'),
('forum-fr-001','forum','fr','fhgr/harvest','corpus/goldDocumentsPre/forums.futura-sciences.com.annonces-officielles.78761-moderateurs.html.json',None,H),
('product-en-001','product','en','scrapinghub/product-extraction-benchmark','dataset/html/5579758b93a34dcc12b865edcfb2cefe7c6c279461706ef9b864405553c389a5.html.gz',None,'A classified ad (usedvictoria.com, Canada); a second-hand item for sale.'),
('product-es-001','product','es','scrapinghub/product-extraction-benchmark','dataset/html/9f0c6ced874ae5c3694839f39e82088feb1741aacb0628b8c8e2760e15718957.html.gz',None,'A Chilean ticket shop (puntoticket.com); a streamed show.'),
('product-et-001','product','et','scrapinghub/product-extraction-benchmark','dataset/html/42b022ac447f572815bd9510042a8801c9f7c4b4027cf88a9f9db08e29e4402c.html.gz',None,'An Estonian DIY shop (k-rauta.ee).'),
('product-lv-001','product','lv','scrapinghub/product-extraction-benchmark','dataset/html/89d10150b9d188f6afd455e4b064b2597d068f8a69f4b990c301466fda427246.html.gz',None,'A Latvian shop (elkor.lv).'),
('reference-en-001','reference','en','adbar/trafilatura','tests/eval/deleuze.enacademic.com.micropolitics.html',None,'An encyclopedia entry.'),
('reference-de-001','reference','de','adbar/trafilatura','tests/eval/auswaertiges-amt.de-Italien.html',None,'A government travel and safety advisory.'),
('reference-ru-001','reference','ru','scrapinghub/article-extraction-benchmark','html/ff0f958ade714ebfaf5c0b42b1c0152a62063f4e6f72141406ccefc4a2677f21.html.gz',None,'A diet reference article.'),
]
LIC={'AndyTheFactory/newspaper4k':'MIT','goose3/goose3':'Apache-2.0','adbar/trafilatura':'Apache-2.0','adbar/htmldate':'Apache-2.0','fhgr/harvest':'Apache-2.0','postlight/parser':'MIT OR Apache-2.0','scrapinghub/article-extraction-benchmark':'MIT','scrapinghub/product-extraction-benchmark':'MIT'}
cands={ (x['repo'],x['path']):x for x in json.load(open('/tmp/kept3/cands.json'))}
refs=pickle.load(open('/tmp/kept3/refs.pkl','rb'))
from collections import defaultdict
inv=defaultdict(list)
for i,r in enumerate(refs):
    for s in r[3]: inv[s].append(i)
shared=[open(f,'rb').read().decode('utf-8','replace') for f in glob.glob('/work/shared/corpus/**/*',recursive=True) if os.path.isfile(f)]
D='/work/wt-set3/datasets/'
prev=json.load(open(D+'evidence/manifest.json'))+json.load(open(D+'evidence-kept-aside/manifest.json'))+json.load(open(D+'evidence-kept-aside-2/manifest.json'))
def norm(u): return re.sub(r'^https?://(www\.)?','',u or '').rstrip('/')
prevurl={norm(p['url']) for p in prev if p['url']}; prevtitle={p['title'] for p in prev}; prevpath={(p['source']['repository'],p['source']['path']) for p in prev}
man=[]; check=[]; hosts=set()
os.makedirs(OUT+'pages',exist_ok=True)
for id_,genre,lang_,repo,path,url,notes in SEL:
    c=cands[(repo,path)]
    assert not c['excluded'], (id_,c['excluded'])
    url=url or c['url']; assert url and url.startswith('http'), id_
    h=re.sub(r'^(www\d?|m|blogs|forum|foren)\.','',url.split('/')[2].lower()); assert h not in hosts, (id_,h); hosts.add(h)
    m=repo.replace('/','+'); commit=git(m,'rev-parse','HEAD').decode().strip()
    raw=show(m,path)
    if path.endswith('.gz'): raw=gzip.decompress(raw)
    if repo=='fhgr/harvest': raw=json.loads(raw)['html'].encode('utf-8')
    t,x,ch,hl=parse(raw)
    sh=shingles(x); cnt=defaultdict(int)
    for s in sh:
        for i in inv.get(s,()): cnt[i]+=1
    top=sorted(cnt.items(),key=lambda kv:-kv[1])[:1]
    sha=hashlib.sha256(raw).hexdigest()
    rb=[r[0] for r in refs if r[1]==sha]; rt=[r[0] for r in refs if t and r[2]==t]
    ov=top[0][1]/max(1,len(sh)) if top else 0
    inshared=[k for k in (norm(url),t) if k and len(k)>8 and any(k in s for s in shared)]
    check.append({'id':id_,'sameBytes':rb,'sameTitle':rt,'highestOverlap':round(ov,4),'nearest':refs[top[0][0]][0] if top else None,'urlOrTitleInSharedCorpus':inshared})
    assert not rb and not rt and ov<=0.10 and not inshared, (id_,rb,rt,ov,inshared)
    assert (repo,path) not in prevpath and norm(url) not in prevurl and t not in prevtitle, id_
    open(OUT+'pages/'+id_+'.html.gz','wb').write(gzip.compress(raw,mtime=0))
    man.append({'id':id_,'genre':genre,'language':lang_,'title':t,'url':url,'source':{'repository':repo,'commit':commit,'path':path,'license':LIC[repo]},'notes':notes,'fold':0})
json.dump(man,open(OUT+'manifest.json','w'),ensure_ascii=False,indent=2); open(OUT+'manifest.json','a').write('\n')
n=lambda p:sum(r[0].startswith(p) for r in refs)
json.dump({'references':{'readability':n('readability:'),'evidence':n('evidence:'),'keptAside':n('kept-aside:'),'keptAside2':n('kept-aside-2:'),'sharedCorpus':n('shared:')},'pages':check},open(OUT+'tools/check_result.json','w'),indent=1); open(OUT+'tools/check_result.json','a').write('\n')
for c in sorted(check,key=lambda c:-c['highestOverlap']): print(c['id'],c['highestOverlap'],c['nearest'])
print(len(man),'pages;',len(hosts),'hosts')
