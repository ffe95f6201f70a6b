# Writes the seventh kept-aside set's pages and manifest from the repository snapshots, and checks them
# against Mozilla Readability's test pages (every historical source.html), the 160 pages of
# datasets/evidence, the 30 each of datasets/evidence-kept-aside, -2, -3, -4, -5 and -6 and the HTML files of ../shared/corpus
# (refs.py), and the URLs and titles against every file of ../shared/corpus.
# Run: PYTHONHASHSEED=1 python3 build.py, from the scratch folder /work/scratch/set7 (pool.py, refs.pkl and
# cands.json there; see ../SOURCES.md), after refs.py and cands.py. Every page of SEL must be in the pool
# and not kept out; the checks below are asserted again per page, and their result is written to
# check_result.json. A first run held 46 pages (30 first choices and 16 alternates, ids numbered from 101), a second
# two more alternates (forum-en-112 and -113); after those evidence:candidates runs the 30 below were kept (../SOURCES.md says why the others went and
# lists the alternates), their ids renumbered, and the folder written again from scratch. Unlike
# set 6's, it also asserts, and records in check_result.json, that no page's site (registrable
# domain, read as cands.py reads it) is one of the other seven sets', and that no two pages share one.
import sys; sys.path.insert(0,'/work/scratch/set7')
from pool import *
OUT='/work/main/datasets/evidence-kept-aside-7/'
H='harvest stores the HTML as a JSON string (field html); it was written out as UTF-8, so the original byte encoding is not preserved.'
MC='URL from tests/eval_mediacloud_2020.json.'
ED='URL from tests/eval_default.json.'
GT='URL from ground-truth.json.'
SEL=[ # id, genre, language, repository, path, url (None: from the repository's metadata), notes
('news-es-001','news','es','adbar/htmldate','tests/test_set/1598244597.html',None,MC+' A regional news report (Andalucía Información, a regional minister says he had the coronavirus).'),
('news-es-002','news','es','adbar/htmldate','tests/test_set/1579111612.html',None,MC+' A local news report (El Día, La Plata, an emergency protocol on a bus).'),
('news-fr-001','news','fr','adbar/htmldate','tests/test_set/1759902081.html',None,MC+' A court news report (Guinéenews, a trial before the military court in Conakry).'),
('news-pt-001','news','pt','adbar/htmldate','tests/test_set/1781093249.html',None,MC+' A business news report (iG Economia, Brazilian agribusiness and China).'),
('news-nl-001','news','nl','adbar/htmldate','tests/test_set/1733850206.html',None,MC+' An emergency-call report (Alarmeringen.nl, an ambulance in The Hague, with the region\'s call figures).'),
('news-fi-001','news','fi','adbar/trafilatura','tests/eval/yle.fi.3-11212601.html',None,'A news report with figures (Yle, mild winters and seasonal fatigue), in Finnish.'),
('blog-en-001','blog','en','adbar/trafilatura','tests/eval/pamelaandersonfoundation.org.yellow.html',None,'An opinion essay on a foundation\'s site (Pamela Anderson, the Yellow Vests).'),
('blog-de-001','blog','de','adbar/trafilatura','tests/cache/moritz-meyer.net.vreni.html',None,'A personal blog post on a court ruling (Moritz Meyer, the Vreni Frost injunction).'),
('blog-fr-001','blog','fr','goose3/goose3','tests/data/content/test_issue4.html',None,'URL from tests/data/content/test_issue4.json. An essay in an online magazine (Slate.fr, Tapie, Mougeotte and La Provence).'),
('blog-es-001','blog','es','adbar/htmldate','tests/test_set/1523780090.html',None,MC+' A light celebrity piece (La Prensa, Florida, Alejandra Guzmán on her mother\'s health).'),
('blog-it-001','blog','it','scrapinghub/article-extraction-benchmark','html/b6fb53e9fb043c98eb1e6530a1074c40922e29025f5454809f3938a7c174faa3.html.gz',None,GT+' A nostalgia blog post (Remember 80/90, a Netflix remake of Saint Seiya).'),
('docs-en-001','docs','en','adbar/trafilatura','tests/eval/youhadmeatgardening.com.lemon.html',None,'A gardening how-to (You Had Me At Gardening, a lemon tree from seed).'),
('docs-en-002','docs','en','adbar/trafilatura','tests/cache/pluralsight.com.python.html',None,'A programming guide on a company tech blog (Pluralsight, managing Python environments).'),
('docs-en-003','docs','en','adbar/trafilatura','tests/eval/flawlessfood.co.uk.olive.html',None,'A recipe with step-by-step directions (Flawless Food, focaccia).'),
('docs-de-001','docs','de','adbar/trafilatura','tests/eval/handwerksblatt.de-Friseurbesuch.html',None,'A guide to the rules (Handwerksblatt, the 3G and 2G Covid rules at the hairdresser\'s).'),
('docs-hu-001','docs','hu','adbar/trafilatura','tests/eval/mindmegette.hu.levagott.html',None,'A recipe with an introduction (Mindmegette, Halloween biscuits), in Hungarian.'),
('forum-en-001','forum','en','fhgr/harvest','corpus/goldDocumentsPre/forum.nationstates.net.viewtopic.php.json',None,H),
('forum-en-002','forum','en','fhgr/harvest','corpus/goldDocumentsPre/www.neowin.net.forum.topic.1391546-hello-im-dion..json',None,H),
('forum-en-003','forum','en','adbar/trafilatura','tests/eval/reddit.com.init.html',None,'A discussion thread (Reddit, r/Python, what to put in __init__.py).'),
('forum-de-001','forum','de','adbar/trafilatura','tests/eval/pocketpc.ch.auslieferung.html',None,'A forum thread, page 34 (pocketpc.ch, a Windows Phone update).'),
('product-en-001','product','en','adbar/trafilatura','tests/eval/parallels.com.desktop.html',None,'A software product page (Parallels Desktop).'),
('product-en-002','product','en','scrapinghub/product-extraction-benchmark','dataset/html/d8ae57c78bf2dcb58c07375379d6026cfdd123f9b4d9ca8576c03a2e7b81bd63.html.gz',None,'A classified ad (OLX Pakistan); a used car.'),
('product-de-001','product','de','adbar/trafilatura','tests/cache/ebrosia.de.zinfandel.html',None,'A wine shop (ebrosia); a rosé wine.'),
('product-de-002','product','de','adbar/trafilatura','tests/eval/zooroyal.de.trixie.html',None,'A pet shop (ZooRoyal); a rabbit hutch.'),
('product-de-003','product','de','adbar/trafilatura','tests/eval/uniqz.de.katzendecke.html',None,'A gift shop (Uniqz); an embroidered pet blanket.'),
('reference-en-001','reference','en','scrapinghub/article-extraction-benchmark','html/1ee91d1fce65e09be8b8d2d29eab771546d98ca2ba5c862941e660e9fec12432.html.gz',None,GT+' A fact check with links to its sources (Polygraph.info, refugees at al-Tanf).'),
('reference-en-002','reference','en','AndyTheFactory/newspaper4k','tests/data/html/article_with_br.html',None,'URL from tests/data/metadata/article_with_br.json. A long report on court files, with links to its sources (SOTT, a spy operation against Julian Assange).'),
('reference-en-003','reference','en','adbar/trafilatura','tests/eval/nymag.com.polarization.html',None,'A book review essay with many links to its sources (New York Magazine, polarization).'),
('reference-de-001','reference','de','adbar/trafilatura','tests/eval/oekonomenstimme.org.keynes.html',None,'An economics article with a literature list (Ökonomenstimme, the Keynes-Hicks multiplier).'),
('reference-de-002','reference','de','adbar/trafilatura','tests/eval/de.globalvoices.org.nicaragua.html',None,'A report with many links to its sources (Global Voices, protests in Nicaragua).'),
]
LIC={'AndyTheFactory/newspaper4k':'MIT','goose3/goose3':'Apache-2.0','adbar/trafilatura':'Apache-2.0','adbar/htmldate':'Apache-2.0','fhgr/harvest':'Apache-2.0','postlight/parser':'MIT OR Apache-2.0','scrapinghub/article-extraction-benchmark':'MIT','scrapinghub/product-extraction-benchmark':'MIT'}
cands={ (x['repo'],x['path']):x for x in json.load(open('/work/scratch/set7/cands.json'))}
refs=pickle.load(open('/work/scratch/set7/refs.pkl','rb'))
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
prev=json.load(open(D+'evidence/manifest.json'))+json.load(open(D+'evidence-kept-aside/manifest.json'))+json.load(open(D+'evidence-kept-aside-2/manifest.json'))+json.load(open(D+'evidence-kept-aside-3/manifest.json'))+json.load(open(D+'evidence-kept-aside-4/manifest.json'))+json.load(open(D+'evidence-kept-aside-5/manifest.json'))+json.load(open(D+'evidence-kept-aside-6/manifest.json'))
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
json.dump({'references':{'readability':n('readability:'),'evidence':n('evidence:'),'keptAside':n('kept-aside:'),'keptAside2':n('kept-aside-2:'),'keptAside3':n('kept-aside-3:'),'keptAside4':n('kept-aside-4:'),'keptAside5':n('kept-aside-5:'),'keptAside6':n('kept-aside-6:'),'sharedCorpus':n('shared:')},'pages':check},open(OUT+'tools/check_result.json','w'),indent=1); open(OUT+'tools/check_result.json','a').write('\n')
for c in sorted(check,key=lambda c:-c['highestOverlap']): print(c['id'],c['highestOverlap'],c['nearest'])
print(len(man),'pages;',len(hosts),'hosts;',len(sharedsha),'distinct shared-corpus files (by bytes);',len(rmeta),'Readability metadata URLs and titles')
