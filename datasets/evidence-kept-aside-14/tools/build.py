# Writes the fourteenth kept-aside set's pages and manifest from the repository snapshots, and checks them
# against Mozilla Readability's test pages (every historical source.html), the 160 pages of
# datasets/evidence, the 30 each of datasets/evidence-kept-aside, -2, … -13 and the HTML files
# of ../shared/corpus (refs.py), and the URLs and titles against every file of ../shared/corpus.
# Run: PYTHONHASHSEED=1 python3 build.py, from the scratch folder /work/scratch/ev14 (pool.py, refs.pkl and
# cands.json there; see ../SOURCES.md), after refs.py and cands.py. Every page of SEL must be in the pool
# and not kept out; the checks below are asserted again per page, and their result is written to
# check_result.json. As sets 11's to 13's, it asserts, and records in check_result.json, that no page's site (registrable
# domain, read as cands.py reads it) is one of the other fourteen sets', and that no two pages share one.
# With ALT=1 it also writes the alternates (ALTS, ids from 101) for a look at the engine's counts; the folder is
# then written again without them (../SOURCES.md says which first choices were replaced and why).
# Runs: five runs of evidence:candidates with ALT=1 (38, 40, 33, 31 and 34 pages: first choices and alternates, ids
# from 101), then two of the 30 (the second after the Werkzeugforum page, read as an editorial product presentation,
# moved from forum-de-001 to product-de-004, and the CHANGEdesk page gave its place to the Bogleheads thread).
# Left out after the runs (../SOURCES.md says why): blog-fr-001 (ARTE Radio, 128 words read), blog-zh-102 (udn City,
# 54 CJK characters), docs-ru-001 (GTO-normativy, 116 words), forum-de-002 (ComputerBase, both threads read as 49
# characters), forum-en-001 (PrestaShop, 32 words), forum-zh-115 (Ruby China, 252 CJK characters), product-it-001
# (laFeltrinelli, 133 words), product-ja-001 (ZDNet Japan, 151 CJK characters), product-es-109 (Belfusto, read as a
# list of teasers), product-bg-110 (VMZona, read as its category menu), product-fr-111 and -112 (eBay France and 3
# Suisses, read as empty), product-ja-118 (JNSA, an event page), docs-id-114 (Tribunnews, answers to a school question,
# not documentation), reference-zh-001 (China Poetry Net, 144 CJK characters), reference-en-001 (Tayst, its reference
# list not in the main text) news-ja-001 (Chunichi, a paywalled stub followed by other headlines) and the
# German forum threads of harvest (Uhrforum 4 words, Android-Hilfe empty, Paradisi teasers of other threads).
import sys; sys.path.insert(0,'/work/scratch/ev14')
from pool import *
OUT='/work/main/datasets/evidence-kept-aside-14/'
MC='URL from tests/eval_mediacloud_2020.json.'
ED='URL from tests/eval_default.json.'
GT='URL from ground-truth.json.'
FU='URL from the folder\'s meta.info.'
RS='URL from the .json beside it (canonical_url).'
MH='URL from benchmark/data/{g}/base.json.'
DF='URL from the page\'s canonical link.'
PL='URL from src/extractors/custom/{h}/index.test.js.'
F='tests/resources/parser/test_data/'
MA='benchmark/data/article/htmls/'
MF='benchmark/data/forum/htmls/'
PB='dataset/html/'
MSI='URL from packages/metascraper/test/integration/{n}/index.js.'
MSC='URL from packages/metascraper-citation/test/index.js (the fixture is named by its slug).'
MSA='URL from packages/metascraper-amazon/test/index.js.'
MS='packages/metascraper/test/integration/'
RT='tests/test_data/'
GB='URL from the page\'s canonical link.'
GF='tests/fixtures/content/'
W='Murrough-Foley/web-content-extraction-benchmark'
WU='URL from the ground-truth file of the same id (its url).'
HV='URL from the JSON file\'s url.'
TR='URL from tests/evaldata.json.'
HD='URL from htmldate\'s tests/eval_default.json or tests/eval_mediacloud_2020.json (as cands.py reads them).'
SEL=[ # id, genre, language, repository, path, url (None: from the repository's metadata), notes
('news-es-001','news','es','adbar/trafilatura','tests/eval/elcomercio.pe-kenjifujimori.html',None,TR+' A news report (El Comercio, Peru: the trial of the former congressman Kenji Fujimori), in Spanish.'),
('news-ja-001','news','ja','flairNLP/fundus',F+'jp/NikkanGeadai_2025_01_31.html.gz',None,FU+' A news report (Nikkan Gendai, the Fuji TV affair reaching sports federations and their sponsors), in Japanese.'),
('news-tr-001','news','tr','flairNLP/fundus',F+'tr/Haberturk_2024_07_03.html.gz',None,FU+' A news report (Habertürk, forest fires in several Turkish provinces), in Turkish.'),
('news-vi-001','news','vi','adbar/htmldate','tests/eval/VnExpress.net-Kinh-doanh.html',None,HD+' A news report (VnExpress, the finance minister on raising the family deduction of personal income tax), in Vietnamese.'),
('news-zh-001','news','zh','opendatalab/magic-html',MA+'ea5bdb58d64b345dd80afd12651010fd442d4c8bdf45b540e61c4ff7c37fb30f.html',None,MH.format(g='article')+' A statistics news report (Caijing, the consumer price index of April 2024), in Chinese.'),
('blog-ko-001','blog','ko','goose3/goose3','tests/data/content/test_donga_korean.html',None,'URL from the .json beside it (its url). A feature on a company head (Dong-A, CEO&), in Korean.'),
('blog-lt-001','blog','lt','flairNLP/fundus',F+'lt/LRT_2024_03_31.html.gz',None,FU+' An opinion column (LRT, Povilas Aleksandravičius: why Judas betrayed Jesus), in Lithuanian.'),
('blog-ur-001','blog','ur','opendatalab/magic-html',MA+'eee73319935536d6bfdd70c3ec8cd1ff406aec151b06be086462f35a899138a0.html',None,MH.format(g='article')+' A feature article (UrduPoint, "Ravi Ki Kahani", the story of the river Ravi), in Urdu.'),
('blog-zh-001','blog','zh','opendatalab/magic-html',MA+'8f8e788c3abb73656291f8a3a43956862f5d16bc3bb737476c920378f4630a61.html',None,MH.format(g='article')+' A commentary column (ifeng, "Zheng Neng Liang": putting the measures to stabilise the economy into effect), in Chinese.'),
('blog-zh-002','blog','zh','opendatalab/magic-html',MA+'bb5f5ce0c70bc6237b33747bc969ba58fc3a9ad8c93a77cb99abc4118d02a8a5.html',None,MH.format(g='article')+' A self-media post on NetEase\'s subscription platform (163.com, a village charging a tenant a fee for parking in the yard; the 12345 hotline), in Chinese.'),
('docs-de-001','docs','de','adbar/trafilatura','tests/eval/duengebehoerde-niedersachsen.de-Sperrfristen.html',None,TR+' Official guidance (the Lower Saxony fertiliser authority, notes on the closed periods for spreading fertiliser), in German.'),
('docs-en-001','docs','en',W,'dev/html/2869.html.gz',None,WU+' Software documentation (the Pro Git book on git-scm.com, branches in a nutshell).'),
('docs-en-002','docs','en',W,'dev/html/0687.html.gz',None,WU+' Software documentation (Ansible Community Documentation, an introduction to playbooks).'),
('docs-fr-001','docs','fr','hhursev/recipe-scrapers',RT+'latelierderoxane.com/latelierderoxane_1.testhtml',None,RS+' A recipe with steps (L\'atelier de Roxane, marble cake), in French.'),
('docs-sk-001','docs','sk','hhursev/recipe-scrapers',RT+'dobruchut.aktuality.sk/dobruchutaktualitysk.testhtml',None,RS+' A recipe with steps (Dobruchut, curd dumplings with a quick sauce), in Slovak.'),
('forum-en-001','forum','en',W,'test/html/5124.html.gz',None,WU+' A discussion thread (Kemper Amps forum, tube amp versus solid state).'),
('forum-en-002','forum','en','fhgr/harvest','corpus/goldDocumentsPre/shift.ms.topic.cbd-oil-11.json',None,HV+' A discussion thread (Shift.ms, a multiple sclerosis community: CBD oil).'),
('forum-en-003','forum','en',W,'dev/html/0529.html.gz',None,WU+' A discussion thread (WatchUSeek, the trend in the watch market in 2024).'),
('forum-en-004','forum','en',W,'dev/html/0538.html.gz',None,WU+' A discussion thread (Bogleheads forum, a review of an investment strategy).'),
('forum-id-001','forum','id','opendatalab/magic-html',MF+'c48a8fd6d23b4583a9cfb2ba25f25e7e2a2c0c660ee9dd49546c41a7a1156c86.html',None,MH.format(g='forum')+' A thread (Kaskus, "gantung jodoh", a superstition about marriage), in Indonesian.'),
('product-de-001','product','de','adbar/trafilatura','tests/eval/ebike-mtb.com-OFFROAD.html',None,TR+' A product test (E-MOUNTAINBIKE, the Advanced OFFROAD Pro Race MTB FS), in German.'),
('product-de-002','product','de','adbar/htmldate','tests/eval/computerbild.de-streamingcloud.html',None,HD+' A comparative test (COMPUTER BILD, cloud gaming services), in German.'),
('product-de-003','product','de','adbar/trafilatura','tests/cache/adac.de.kindersitze.html',None,TR+' A product test (ADAC, the 2018 child car seat test), in German.'),
('product-de-004','product','de','adbar/trafilatura','tests/eval/werkzeugforum.de-heizjacke.html',None,TR+' A product presentation on a tool site (Werkzeugforum, Bosch\'s heated jackets and hoodie), in German.'),
('product-en-001','product','en',W,'dev/html/4781.html.gz',None,WU+' A shop\'s product page (YETI, the Rambler 30 oz tumbler).'),
('reference-en-001','reference','en',W,'dev/html/0449.html.gz',None,WU+' A developer\'s blog post with a closing list of links to the works it discusses (Kyle Howells, porting an HTML5 parser to Swift).'),
('reference-en-002','reference','en',W,'dev/html/0250.html.gz',None,WU+' A guide with a list of sources (RealtyMogul, real estate 101).'),
('reference-en-003','reference','en',W,'test/html/5626.html.gz',None,WU+' A guide with a list of sources (Peakforce, a starter guide to travel and remote work).'),
('reference-en-004','reference','en',W,'dev/html/2684.html.gz',None,WU+' A tutorial with references (DigitalOcean, n8n workflow automation).'),
('reference-en-005','reference','en',W,'test/html/5576.html.gz',None,WU+' A blog guide with a list of sources (Psyched Mommy, being a working mom).'),
]
ALTS=[ # alternates of the runs with ALT=1, looked at by their counts only (none taken; ../SOURCES.md says why)
('news-ja-101','news','ja','flairNLP/fundus',F+'jp/ChunichiShimbun_2025_01_13.html.gz',None,FU),
('reference-en-102','reference','en',W,'dev/html/4030.html.gz',None,WU),
('product-en-103','product','en',W,'dev/html/4789.html.gz',None,WU),
('forum-de-104','forum','de','fhgr/harvest','corpus/goldDocumentsPre/www.paradisi.de.Health_und_Ernaehrung.Erkrankungen.Parkinson.Forum.120167.php.json',None,HV),
]
LIC={'AndyTheFactory/newspaper4k':'MIT','goose3/goose3':'Apache-2.0','adbar/trafilatura':'Apache-2.0','adbar/htmldate':'Apache-2.0','fhgr/harvest':'Apache-2.0','postlight/parser':'MIT OR Apache-2.0','scrapinghub/article-extraction-benchmark':'MIT','scrapinghub/product-extraction-benchmark':'MIT','flairNLP/fundus':'MIT','hhursev/recipe-scrapers':'MIT','opendatalab/magic-html':'Apache-2.0','kepano/defuddle':'MIT','microlinkhq/metascraper':'MIT','j0k3r/graby':'MIT','Murrough-Foley/web-content-extraction-benchmark':'CC-BY-4.0'}
cands={ (x['repo'],x['path']):x for x in json.load(open('/work/scratch/ev14/cands.json'))}
refs=pickle.load(open('/work/scratch/ev14/refs.pkl','rb'))
from collections import defaultdict
inv=defaultdict(list)
for i,r in enumerate(refs):
    for s in r[3]: inv[s].append(i)
shared=[open(f,'rb').read().decode('utf-8','replace') for f in glob.glob('/work/shared/corpus/**/*',recursive=True,include_hidden=True) if os.path.isfile(f)]
sharedsha={hashlib.sha256(open(f,'rb').read()).hexdigest() for f in glob.glob('/work/shared/corpus/**/*',recursive=True,include_hidden=True) if os.path.isfile(f)}
# Readability's expected-metadata.json (every test page at HEAD): its URLs and titles are kept out too.
rmeta=[]
for p in ls('mozilla+readability','test/test-pages/'):
    if p.endswith('expected-metadata.json'):
        try: j=json.loads(show('mozilla+readability',p))
        except Exception: continue
        rmeta+= [v for v in (j.get('url'),j.get('title')) if v]
D='/work/main/datasets/'
prev=json.load(open(D+'evidence/manifest.json'))+json.load(open(D+'evidence-kept-aside/manifest.json'))+json.load(open(D+'evidence-kept-aside-2/manifest.json'))+json.load(open(D+'evidence-kept-aside-3/manifest.json'))+json.load(open(D+'evidence-kept-aside-4/manifest.json'))+json.load(open(D+'evidence-kept-aside-5/manifest.json'))+json.load(open(D+'evidence-kept-aside-6/manifest.json'))+json.load(open(D+'evidence-kept-aside-7/manifest.json'))+json.load(open(D+'evidence-kept-aside-8/manifest.json'))+json.load(open(D+'evidence-kept-aside-9/manifest.json'))+json.load(open(D+'evidence-kept-aside-10/manifest.json'))+json.load(open(D+'evidence-kept-aside-11/manifest.json'))+json.load(open(D+'evidence-kept-aside-12/manifest.json'))+json.load(open(D+'evidence-kept-aside-13/manifest.json'))
def norm(u): return re.sub(r'^https?://(www\.)?','',u or '').rstrip('/')
def host(u):
    h=re.sub(r'^https?://','',u or '').split('/')[0].split(':')[0].lower()
    return re.sub(r'^(www\d?|m|amp|mobile)\.','',h)
def site(h):  # registrable part, roughly, as in cands.py
    p=h.split('.')
    return '.'.join(p[-3:]) if len(p)>=3 and (p[-2] in ('co','com','org','net','gov','ac','ne','or','go') and len(p[-1])==2) else '.'.join(p[-2:])
prevsite={}
for p in prev:
    u=p['url'] or (re.search(r'https?://[^\s)\'"]+',p.get('notes') or '') or [None])[0]
    s=site(host(u)) if u else site(host(p['source']['path'].split('/')[-1].split('-')[0].rsplit('.html',1)[0]))
    prevsite.setdefault(s,p['id'])
prevurl={norm(p['url']) for p in prev if p['url']}; prevtitle={p['title'] for p in prev}; prevpath={(p['source']['repository'],p['source']['path']) for p in prev}
man=[]; check=[]; hosts=set(); sites=set()
os.makedirs(OUT+'pages',exist_ok=True)
for id_,genre,lang_,repo,path,url,notes in SEL+(ALTS if os.environ.get('ALT') else []):
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
    inreadability=[k for k in (norm(url),t) if k and len(k)>8 and any(k==norm(m) or k==m for m in rmeta)]
    assert sha not in sharedsha and not inreadability, (id_,inreadability)
    st=site(host(url)); assert st not in prevsite, (id_,st,prevsite.get(st)); assert st not in sites, (id_,st); sites.add(st)
    check.append({'id':id_,'site':st,'siteInAnotherSet':st in prevsite,'sameBytes':rb,'sameTitle':rt,'highestOverlap':round(ov,4),'nearest':refs[top[0][0]][0] if top else None,'urlOrTitleInSharedCorpus':inshared,'sameBytesAsAnySharedCorpusFile':sha in sharedsha,'urlOrTitleInReadabilityMetadata':inreadability})
    assert not rb and not rt and ov<=0.10 and not inshared, (id_,rb,rt,ov,inshared)
    assert (repo,path) not in prevpath and norm(url) not in prevurl and t not in prevtitle, id_
    open(OUT+'pages/'+id_+'.html.gz','wb').write(gzip.compress(raw,mtime=0))
    man.append({'id':id_,'genre':genre,'language':lang_,'title':t,'url':url,'source':{'repository':repo,'commit':commit,'path':path,'license':LIC[repo]},'notes':notes,'fold':0})
json.dump(man,open(OUT+'manifest.json','w'),ensure_ascii=False,indent=2); open(OUT+'manifest.json','a').write('\n')
n=lambda p:sum(r[0].startswith(p) for r in refs)
json.dump({'references':{'readability':n('readability:'),'evidence':n('evidence:'),'keptAside':n('kept-aside:'),'keptAside2':n('kept-aside-2:'),'keptAside3':n('kept-aside-3:'),'keptAside4':n('kept-aside-4:'),'keptAside5':n('kept-aside-5:'),'keptAside6':n('kept-aside-6:'),'keptAside7':n('kept-aside-7:'),'keptAside8':n('kept-aside-8:'),'keptAside9':n('kept-aside-9:'),'keptAside10':n('kept-aside-10:'),'keptAside11':n('kept-aside-11:'),'keptAside12':n('kept-aside-12:'),'keptAside13':n('kept-aside-13:'),'sharedCorpus':n('shared:')},'pages':check},open(OUT+'tools/check_result.json','w'),indent=1); open(OUT+'tools/check_result.json','a').write('\n')
for c in sorted(check,key=lambda c:-c['highestOverlap']): print(c['id'],c['highestOverlap'],c['nearest'])
print(len(man),'pages;',len(hosts),'hosts;',len(sharedsha),'distinct shared-corpus files (by bytes);',len(rmeta),'Readability metadata URLs and titles')
