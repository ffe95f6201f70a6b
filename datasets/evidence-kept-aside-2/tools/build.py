# Writes the second kept-aside set's pages and manifest from the repository snapshots, and checks them
# against Mozilla Readability's test pages (every historical source.html), the 160 pages of
# datasets/evidence, the 30 of datasets/evidence-kept-aside and the HTML files of ../shared/corpus
# (refs.py), and the URLs and titles against every file of ../shared/corpus.
# Run: PYTHONHASHSEED=1 python3 build.py
import sys; sys.path.insert(0,'/tmp/kept2')
from pool import *
OUT='/work/wt-kept2/datasets/evidence-kept-aside-2/'
H='harvest stores the HTML as a JSON string (field html); it was written out as UTF-8, so the original byte encoding is not preserved.'
TN='tests/evaldata.json has no entry for this file; the URL is the page\'s own canonical link.'
MC='URL from tests/eval_mediacloud_2020.json.'
ED='URL from tests/eval_default.json.'
SEL=[ # id, genre, language, repository, path, url (None: from the repository's metadata), notes
('news-en-001','news','en','postlight/parser','fixtures/www.npr.org.html','http://www.npr.org/sections/thetwo-way/2016/12/15/505723552/jury-finds-dylann-roof-guilty-in-s-c-church-shooting','URL from src/extractors/custom/www.npr.org/index.test.js.'),
('news-de-001','news','de','adbar/htmldate','tests/test_set/1635095370.html',None,MC),
('news-fr-001','news','fr','adbar/htmldate','tests/eval/ouest-france.fr-gaza.html',None,ED+' A first-person account reported by a regional newspaper.'),
('news-es-001','news','es','adbar/trafilatura','tests/eval/nacion.com-hacienda.html','https://www.nacion.com/el-pais/gobierno/contraloria-alerto-a-hacienda-sobre-riesgos-en-sus/77BMG7JBRZFA3NNH3JLWSFFHO4/story/',TN),
('news-es-002','news','es','adbar/htmldate','tests/test_set/1551294044.html',None,MC),
('news-it-001','news','it','adbar/htmldate','tests/test_set/1582946828.html',None,MC),
('news-ja-001','news','ja','adbar/htmldate','tests/eval/yomiuri.co.jp-gaza.html',None,ED),
('news-zh-001','news','zh','adbar/trafilatura','tests/eval/xinhuanet.com.c_1125597921.html',None,'A news feature (Wuhan under lockdown).'),
('news-ru-001','news','ru','adbar/htmldate','tests/test_set/1742998174.html',None,MC+' A news analysis (Argumenty i Fakty).'),
('blog-en-001','blog','en','scrapinghub/article-extraction-benchmark','html/c00962aabe7bdd1fca78f5360ea7fa93cd7674863b05157e00827506a7aa58c4.html.gz',None,'An opinion essay in an online weekly (The Space Review).'),
('blog-fr-001','blog','fr','adbar/htmldate','tests/cache/mediapart.fr.violences.html','https://blogs.mediapart.fr/elba/blog/260619/violences-policieres-bombe-retardement-mediatique','A reader\'s blog on Le Club de Mediapart. The URL is the page\'s own og:url.'),
('blog-fr-002','blog','fr','adbar/trafilatura','tests/eval/dalloz-actualite.fr.raoult.html',None,'A lawyer\'s column ("Libre cours") on a legal news site.'),
('blog-es-001','blog','es','adbar/trafilatura','tests/eval/desdechinandega.com-ladivina.html','https://www.desdechinandega.com/el-domingo-de-la-divina-misericordia.html',TN+' A local Nicaraguan site\'s post on a church feast.'),
('blog-es-002','blog','es','adbar/trafilatura','tests/eval/laestrella.com.pa-laboral.html','https://www.laestrella.com.pa/cafe-estrella/cultura/220427/espacio-fisico-agente-determina-dinamica','evaldata.json keys this page hard::laestrella.com.pa-laboral.html; the URL is the page\'s own canonical link. A newspaper column on workplace design.'),
('docs-en-001','docs','en','adbar/trafilatura','tests/eval/pythonspeed.com.docker.html',None,'A programming tutorial.'),
('docs-en-002','docs','en','adbar/trafilatura','tests/eval/strangemachines.io.performant.html',None,'A programming tutorial.'),
('docs-de-001','docs','de','adbar/trafilatura','tests/eval/jan-grosser.de.xum1541.html',None,'A hardware and Linux how-to.'),
('docs-de-002','docs','de','adbar/trafilatura','tests/eval/autozeitung.de-adblue.html',None,'A how-to guide (a car magazine\'s Ratgeber).'),
('docs-pt-001','docs','pt','adbar/htmldate','tests/test_set/1756260927.html',None,MC+' A how-to article (three tips for a balcony).'),
('forum-en-001','forum','en','fhgr/harvest','corpus/goldDocumentsPre/www.msconnection.org.Discussions.f27.t79421.tp1.Does-this-sound-like-MS.json',None,H),
('forum-en-002','forum','en','fhgr/harvest','corpus/goldDocumentsPre/www.mumsnet.com.Talk.adoptions.3940686-Siblings.json',None,H),
('forum-de-001','forum','de','fhgr/harvest','corpus/goldDocumentsPre/forum.worldofplayers.de.forum.threads.1553036-Wie-aufwendig-ist-die-Arbeit-mit-vBulletin.json',None,H),
('forum-de-002','forum','de','adbar/trafilatura','tests/eval/foren.myoos.de.html',None,'A forum thread whose first post reproduces an essay on free software.'),
('product-en-001','product','en','scrapinghub/product-extraction-benchmark','dataset/html/25910052eef824e252aa20b9d25611d1c007955f7be26b4ec90b3382bbf86241.html.gz',None,'argos.co.uk.'),
('product-pt-001','product','pt','scrapinghub/product-extraction-benchmark','dataset/html/16606e09f7ec2fa123dce0849ea63859a65f95604cec792a094ba4171640f80e.html.gz',None,'A Portuguese bookshop (almedina.net); a law book.'),
('product-he-001','product','he','scrapinghub/product-extraction-benchmark','dataset/html/c9f80eb2d0f97dc954bc265169737c1c156b5ec027fbe62994f2018c1e0f67ed.html.gz',None,'An Israeli shop (getit.co.il).'),
('product-ro-001','product','ro','scrapinghub/product-extraction-benchmark','dataset/html/4595f2ae9fd95efa0bc0b051a2ea76b4f2aaf94b6f355bf8d16139af17bf6e88.html.gz',None,'A Romanian shop (emag.ro).'),
('reference-en-001','reference','en','adbar/trafilatura','tests/eval/businessjargons.com.leadership.html',None,'A glossary entry (definition and models).'),
('reference-de-001','reference','de','adbar/trafilatura','tests/eval/wolfgangschmale.eu.duchhardt.html',None,'A scholar\'s review of a study, in numbered paragraphs.'),
('reference-fr-001','reference','fr','adbar/trafilatura','tests/cache/franceculture.fr.idees.html',None,'A radio programme\'s review of ideas and books (Le Journal des idées).'),
]
LIC={'adbar/trafilatura':'Apache-2.0','adbar/htmldate':'Apache-2.0','fhgr/harvest':'Apache-2.0','postlight/parser':'MIT OR Apache-2.0','scrapinghub/article-extraction-benchmark':'MIT','scrapinghub/product-extraction-benchmark':'MIT'}
cands={ (x['repo'],x['path']):x for x in json.load(open('/tmp/kept2/cands.json'))}
refs=pickle.load(open('/tmp/kept2/refs.pkl','rb'))
from collections import defaultdict
inv=defaultdict(list)
for i,r in enumerate(refs):
    for s in r[3]: inv[s].append(i)
shared=[open(f,'rb').read().decode('utf-8','replace') for f in glob.glob('/work/shared/corpus/**/*',recursive=True) if os.path.isfile(f)]
D='/work/wt-kept2/datasets/'
prev=json.load(open(D+'evidence/manifest.json'))+json.load(open(D+'evidence-kept-aside/manifest.json'))
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
json.dump({'references':{'readability':n('readability:'),'evidence':n('evidence:'),'keptAside':n('kept-aside:'),'sharedCorpus':n('shared:')},'pages':check},open(OUT+'tools/check_result.json','w'),indent=1); open(OUT+'tools/check_result.json','a').write('\n')
for c in sorted(check,key=lambda c:-c['highestOverlap']): print(c['id'],c['highestOverlap'],c['nearest'])
print(len(man),'pages;',len(hosts),'hosts')
