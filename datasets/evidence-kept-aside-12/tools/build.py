# Writes the twelfth kept-aside set's pages and manifest from the repository snapshots, and checks them
# against Mozilla Readability's test pages (every historical source.html), the 160 pages of
# datasets/evidence, the 30 each of datasets/evidence-kept-aside, -2, … -11 and the HTML files
# of ../shared/corpus (refs.py), and the URLs and titles against every file of ../shared/corpus.
# Run: PYTHONHASHSEED=1 python3 build.py, from the scratch folder /work/scratch/ev12 (pool.py, refs.pkl and
# cands.json there; see ../SOURCES.md), after refs.py and cands.py. Every page of SEL must be in the pool
# and not kept out; the checks below are asserted again per page, and their result is written to
# check_result.json. As set 11's, it asserts, and records in check_result.json, that no page's site (registrable
# domain, read as cands.py reads it) is one of the other twelve sets', and that no two pages share one.
# With ALT=1 it also writes the alternates (ALTS, ids from 101) for a look at the engine's counts; the folder is
# then written again without them (../SOURCES.md says which first choices were replaced and why).
# Runs: the first run of evidence:candidates held 38 pages (30 first choices, 8 alternates), the second 32 (two
# alternates). Left out after the first: blog-ja-001 (BUZZAP!, read as 35 characters), forum-de-001 (Android-Hilfe,
# 8 characters), forum-de-002 (Uhrforum, 241 characters), product-es-001 (Belfusto, read as a list of teasers of
# other posts, not a product), and, to keep English at 8, product-en-001 (iFixit) and reference-en-003 (pierce.dev).
import sys; sys.path.insert(0,'/work/scratch/ev12')
from pool import *
OUT='/work/main/datasets/evidence-kept-aside-12/'
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
SEL=[ # id, genre, language, repository, path, url (None: from the repository's metadata), notes
('news-es-001','news','es','flairNLP/fundus',F+'es/ABC_2025_01_13.html.gz',None,FU+' A news report (ABC, a policeman arrested for abusing his four children), in Spanish.'),
('news-pt-001','news','pt','adbar/htmldate','tests/test_set/1594316187.html',None,'URL from htmldate\'s tests/eval_default.json or tests/eval_mediacloud_2020.json (as cands.py reads them). A news report (Revista Fórum, a singer from The Voice Kids shot dead), in Portuguese.'),
('news-fr-001','news','fr','adbar/htmldate','tests/test_set/1560424903.html',None,'URL from htmldate\'s tests/eval_default.json or tests/eval_mediacloud_2020.json (as cands.py reads them). A local news report (actu.fr, a hospital of the Basque coast appeals for donations in the pandemic), in French.'),
('news-ru-001','news','ru','flairNLP/fundus',F+'ua/Pravda_2026_01_08.html.gz',None,FU+' A news analysis (Ukrainska Pravda, the judges of the Kyiv district administrative court after the NABU tapes), in Russian.'),
('news-ja-001','news','ja','flairNLP/fundus',F+'jp/SankeiShimbun_2025_01_21.html.gz',None,FU+' A news report (Sankei Shimbun, police radio dead zones on the Ogasawara Islands removed), in Japanese.'),
('blog-zh-001','blog','zh','opendatalab/magic-html',MA+'9055e5d5b83ee055ee8e73c03c7c1c39d1fc226f9497f2fee1f8376bb573d688.html',None,MH.format(g='article')+' An essay (1905.com, short videos and the production of mass culture), in Chinese.'),
('blog-de-001','blog','de','adbar/trafilatura','tests/eval/freitag.de.morgen.html',None,TR+' A community blog post (der Freitag, thinking of tomorrow in the COVID-19 pandemic), in German.'),
('blog-pt-001','blog','pt','microlinkhq/metascraper','packages/metascraper-uol/test/fixtures/torcedores.html',None,'URL as cands.py reads it from metascraper\'s test or the page\'s canonical link. A post on a sports blog network (Torcedores, a model on her chat with Neymar), in Portuguese.'),
('blog-fr-001','blog','fr','adbar/htmldate','tests/cache/revolutionpermanente.fr.antonin.html',None,'URL from htmldate\'s tests/eval_default.json or tests/eval_mediacloud_2020.json (as cands.py reads them). A post on a political site (Révolution Permanente, Antonin Bernanos in prison for two months), in French.'),
('docs-en-001','docs','en',W,'dev/html/0684.html.gz',None,WU+' Reference documentation of a web server module, its directives and syntax (nginx, ngx_http_rewrite_module).'),
('docs-en-002','docs','en',W,'dev/html/0668.html.gz',None,WU+' A documentation guide (the Go programming language, managing dependencies with modules).'),
('docs-de-001','docs','de','adbar/trafilatura','tests/eval/journals.univie.ac.at.submissions.html',None,TR+' A journal\'s submission guidelines and style rules for authors (Wiener Digitale Revue), in German.'),
('docs-es-001','docs','es','hhursev/recipe-scrapers',RT+'hogarmania.com/hogarmania_3.testhtml',None,RS+' A recipe with steps (Hogarmania, a lemon sponge cake in an air fryer), in Spanish.'),
('docs-sk-001','docs','sk','hhursev/recipe-scrapers',RT+'receptyprevas.sk/receptyprevas.testhtml',None,RS+' A recipe with steps (Recepty pre vás, steamed buns), in Slovak.'),
('forum-en-001','forum','en',W,'dev/html/0535.html.gz',None,WU+' A technical thread (Raspberry Pi Forums, turning off all LEDs of a Raspberry Pi 5).'),
('forum-en-002','forum','en',W,'dev/html/0552.html.gz',None,WU+' A technical thread (Qt Forum, which Qt 6 version for Ubuntu 24.04).'),
('forum-zh-001','forum','zh','opendatalab/magic-html',MF+'20373e03defc0ad0abaa47a78a3f3b13def41e9e3991f693b21562bf281063e8.html',None,MH.format(g='forum')+' A post with replies on a micro-community (Paopao), in Chinese.'),
('product-fr-001','product','fr',W,'dev/html/0608.html.gz',None,WU+' A shop\'s product page (Esprit Barbecue, the Martinsen 1600 charcoal barbecue), in French.'),
('product-fr-002','product','fr',W,'dev/html/0609.html.gz',None,WU+' A shop\'s product page (Les Raffineurs, an essential-oil diffuser), in French.'),
('product-ja-001','product','ja','postlight/parser','fixtures/www.rbbtoday.com.html',None,PL.format(h='www.rbbtoday.com')+' A product review (RBB TODAY, an Anker mobile projector tried at home), in Japanese.'),
('reference-en-001','reference','en',W,'dev/html/0073.html.gz',None,WU+' A public-health guide with a list of references (Harvard T.H. Chan School, The Nutrition Source, the Healthy Eating Plate).'),
('reference-en-002','reference','en',W,'dev/html/0179.html.gz',None,WU+' A consumer guide with references (Consumer Financial Protection Bureau, filing your taxes in 2024).'),
('reference-de-001','reference','de','adbar/trafilatura','tests/eval/literaturkritik.de-Ann-Cotten.html',None,TR+' A book review with the reviewed book\'s bibliographic entry (literaturkritik.de, Ann Cotten), in German.'),
('reference-zh-001','reference','zh','opendatalab/magic-html',MA+'83bd4dfc1e736b9a3885adc1ba5e74148b888887f494dc4e3f375a335e419a94.html',None,MH.format(g='article')+' A science-explainer that debunks a rumour (Kepu China, catching a bullet by hand), in Chinese.'),
('blog-ja-001','blog','ja','postlight/parser','fixtures/japan.cnet.com.html',None,PL.format(h='japan.cnet.com')+' A weekly roundup column on a technology site (CNET Japan, the week\'s Apple news), in Japanese.'),
('forum-en-003','forum','en',W,'dev/html/0575.html.gz',None,WU+' A discussion thread on a link-sharing community (Lobsters, the Rust project\'s goals for 2024).'),
('forum-en-004','forum','en',W,'dev/html/0558.html.gz',None,WU+' A discussion thread (MyBB Community, SMF or MyBB: the differences).'),
('product-ja-002','product','ja','postlight/parser','fixtures/weekly.ascii.jp.html',None,PL.format(h='weekly.ascii.jp')+' A hands-on product review (Weekly ASCII, the Palm Phone), in Japanese.'),
('product-de-001','product','de','adbar/trafilatura','tests/eval/anglerboard.de-rute.html',None,TR+' A product test (Anglerboard, the Iaconelli spinning rod for predatory fish), in German.'),
('reference-ja-001','reference','ja','postlight/parser','fixtures/www.ossnews.jp.html',None,PL.format(h='www.ossnews.jp')+' A list of ten open-source projects of 2018, each with its link (OSS News), in Japanese.'),
]
ALTS=[ # alternates, looked at by their counts only
('blog-ja-101','blog','ja','postlight/parser','fixtures/japan.zdnet.com.html',None,PL.format(h='japan.zdnet.com')),
('forum-en-102','forum','en',W,'dev/html/0537.html.gz',None,WU),
]
LIC={'AndyTheFactory/newspaper4k':'MIT','goose3/goose3':'Apache-2.0','adbar/trafilatura':'Apache-2.0','adbar/htmldate':'Apache-2.0','fhgr/harvest':'Apache-2.0','postlight/parser':'MIT OR Apache-2.0','scrapinghub/article-extraction-benchmark':'MIT','scrapinghub/product-extraction-benchmark':'MIT','flairNLP/fundus':'MIT','hhursev/recipe-scrapers':'MIT','opendatalab/magic-html':'Apache-2.0','kepano/defuddle':'MIT','microlinkhq/metascraper':'MIT','j0k3r/graby':'MIT','Murrough-Foley/web-content-extraction-benchmark':'CC-BY-4.0'}
cands={ (x['repo'],x['path']):x for x in json.load(open('/work/scratch/ev12/cands.json'))}
refs=pickle.load(open('/work/scratch/ev12/refs.pkl','rb'))
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
prev=json.load(open(D+'evidence/manifest.json'))+json.load(open(D+'evidence-kept-aside/manifest.json'))+json.load(open(D+'evidence-kept-aside-2/manifest.json'))+json.load(open(D+'evidence-kept-aside-3/manifest.json'))+json.load(open(D+'evidence-kept-aside-4/manifest.json'))+json.load(open(D+'evidence-kept-aside-5/manifest.json'))+json.load(open(D+'evidence-kept-aside-6/manifest.json'))+json.load(open(D+'evidence-kept-aside-7/manifest.json'))+json.load(open(D+'evidence-kept-aside-8/manifest.json'))+json.load(open(D+'evidence-kept-aside-9/manifest.json'))+json.load(open(D+'evidence-kept-aside-10/manifest.json'))+json.load(open(D+'evidence-kept-aside-11/manifest.json'))
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
json.dump({'references':{'readability':n('readability:'),'evidence':n('evidence:'),'keptAside':n('kept-aside:'),'keptAside2':n('kept-aside-2:'),'keptAside3':n('kept-aside-3:'),'keptAside4':n('kept-aside-4:'),'keptAside5':n('kept-aside-5:'),'keptAside6':n('kept-aside-6:'),'keptAside7':n('kept-aside-7:'),'keptAside8':n('kept-aside-8:'),'keptAside9':n('kept-aside-9:'),'keptAside10':n('kept-aside-10:'),'keptAside11':n('kept-aside-11:'),'sharedCorpus':n('shared:')},'pages':check},open(OUT+'tools/check_result.json','w'),indent=1); open(OUT+'tools/check_result.json','a').write('\n')
for c in sorted(check,key=lambda c:-c['highestOverlap']): print(c['id'],c['highestOverlap'],c['nearest'])
print(len(man),'pages;',len(hosts),'hosts;',len(sharedsha),'distinct shared-corpus files (by bytes);',len(rmeta),'Readability metadata URLs and titles')
