# Writes the eleventh kept-aside set's pages and manifest from the repository snapshots, and checks them
# against Mozilla Readability's test pages (every historical source.html), the 160 pages of
# datasets/evidence, the 30 each of datasets/evidence-kept-aside, -2, -3, -4, -5, -6, -7, -8, -9 and -10 and the HTML files
# of ../shared/corpus (refs.py), and the URLs and titles against every file of ../shared/corpus.
# Run: PYTHONHASHSEED=1 python3 build.py, from the scratch folder /work/scratch/set11 (pool.py, refs.pkl and
# cands.json there; see ../SOURCES.md), after refs.py and cands.py. Every page of SEL must be in the pool
# and not kept out; the checks below are asserted again per page, and their result is written to
# check_result.json. As set 10's, it asserts, and records in check_result.json, that no page's site (registrable
# domain, read as cands.py reads it) is one of the other eleven sets', and that no two pages share one.
# Runs: the first run of evidence:candidates held 42 pages (the 30 first choices and 12 alternates, ids from 101),
# the second 46 (four more alternates), the third 52 (six more English forum threads). After each run only the counts
# and the first few hundred characters of the text were looked at. Left out: docs-it-001 (Fatto in casa da Benedetta,
# read as 143 words; ricetta.it took the place), forum-de-001 (Katzen-Forum, read as 98 words that open with the third
# post; World Affairs Board took the place, as forum-en-004), product-en-001 (BuzzFeed, read as 41 words of its
# footer; PC Gamer's review took the place) and reference-de-001 (Hanns-Seidel-Stiftung, read as 45 words; anarcat's
# post took the place, as reference-en-003, and Telemedicus became reference-de-001). Alternates not taken: a 1905.com
# essay, a Chunichi Shimbun report, a la Repubblica report, a Directo al Paladar recipe (its text opens with the
# author's profile), a Zhongguo Shige poem (144 CJK characters), a Ruby China thread (252), an iVoox episode page (the
# same podcast episode as product-es-001), a Timothy Sykes post, a Zitrod article, an Ukrainska Pravda article,
# Science Forums (read as its sign-in box), ComputerBase (read as empty), paradisi.de (read as its list of other
# threads), and five English threads (ForumEngine, Magicians and Magic, CodeProject, DW Q&A, Kunena). The folder was
# then written again from scratch (../SOURCES.md).
import sys; sys.path.insert(0,'/work/scratch/set11')
from pool import *
OUT='/work/main/datasets/evidence-kept-aside-11/'
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
SEL=[ # id, genre, language, repository, path, url (None: from the repository's metadata), notes
('news-es-001','news','es','flairNLP/fundus',F+'es/LaVanguardia_2025_01_13.html.gz',None,FU+' A news report (La Vanguardia, the Supreme Court judge names the attorney general as a suspect), in Spanish.'),
('news-it-001','news','it','flairNLP/fundus',F+'it/IlGiornale_2025_02_04.html.gz',None,FU+' A news report (il Giornale, Russian jets in the Arctic and NORAD\'s response), in Italian.'),
('news-ja-001','news','ja','flairNLP/fundus',F+'jp/MainichiShimbun_2025_01_14.html.gz',None,FU+' A news report (Mainichi Shimbun, the Gaza ceasefire talks), in Japanese.'),
('news-pl-001','news','pl','opendatalab/magic-html',MA+'780ac670d45ea4bfe7b445280c774c311847997219ab9520b4f5db9d3e4b717d.html',None,MH.format(g='article')+' A health news item (Onet Zielony, strawberries and medicines), in Polish.'),
('news-zh-001','news','zh','opendatalab/magic-html',MA+'665b6857803ab81b73da628c35cf544684ace5d3112eccd181b130dbc1070b98.html',None,MH.format(g='article')+' A news feature with figures (Sina News, why Chinese cities build and then stop tram lines), in Chinese.'),
('blog-fr-001','blog','fr','j0k3r/graby',GF+'framablog.html',None,GB+' A long post on an association\'s blog (Framablog, the Fabulous Contribution Camp on contributing to free software), in French.'),
('blog-es-001','blog','es','j0k3r/graby',GF+'https___www.xataka.com_movilidad_coches-vendidos-2023-2024-espana.html',None,GB+' A post on a technology blog with figures (Xataka, the best-selling cars in Spain in 2023 and 2024), in Spanish.'),
('blog-zh-001','blog','zh','opendatalab/magic-html',MA+'d231b17088855d546e63d626119f38fcb324a015767a0a3f002e068fd584c393.html',None,MH.format(g='article')+' A post on a blog platform (CSDN, why ChatGPT is no longer popular and how to use it), in Chinese.'),
('blog-ja-001','blog','ja','postlight/parser','fixtures/getnews.jp.html',None,PL.format(h='getnews.jp')+' A gadget post (GetNews, CUTPEN, a pen for scrapping newspaper articles), in Japanese.'),
('blog-tr-001','blog','tr','opendatalab/magic-html',MA+'eba2fde503ef846ebcfec14ea819dbda05c779dd8f957db23b4f6951cfc7fe39.html',None,MH.format(g='article')+' A listicle post (Onedio, a tarot reading for each sign for Monday 13 May), in Turkish.'),
('docs-it-001','docs','it','hhursev/recipe-scrapers',RT+'ricetta.it/ricetta.testhtml',None,RS+' A recipe with steps (Ricetta.it, lasagne with radicchio and cheese), in Italian.'),
('docs-ja-001','docs','ja','hhursev/recipe-scrapers',RT+'delishkitchen.tv/delishkitchen_1.testhtml',None,RS+' A recipe with steps (DELISH KITCHEN, onsen eggs in 15 minutes), in Japanese.'),
('docs-pl-001','docs','pl','hhursev/recipe-scrapers',RT+'kuchnia-domowa.pl/kuchniadomowa.testhtml',None,RS+' A recipe with steps (Kuchnia Domowa, mizeria cucumber salad), in Polish.'),
('docs-pt-001','docs','pt','hhursev/recipe-scrapers',RT+'tudoreceitas.com/tudoreceitas_1.testhtml',None,RS+' A recipe with steps (Tudo Receitas, chicken popcorn), in Portuguese.'),
('docs-sv-001','docs','sv','hhursev/recipe-scrapers',RT+'ica.se/ica.testhtml',None,RS+' A recipe with steps (ICA, a saffron fish stew), in Swedish.'),
('forum-zh-001','forum','zh','opendatalab/magic-html',MF+'bc87ae6202bd353c4738b45a6645a304ccc465ccc7b457afd6806afa8373fc26.html',None,MH.format(g='forum')+' A forum post (Nansheng forum, a developer presents his project\'s architecture), in Chinese.'),
('forum-en-001','forum','en','opendatalab/magic-html',MF+'fbe48a1911e4d3a026a6124acfb9537debd6149dc8ec6fe8663133a67df43f48.html',None,MH.format(g='forum')+' A discussion thread (What the Daily WTF, the tenth anniversary of the Rocky Lobster incident).'),
('forum-en-002','forum','en','opendatalab/magic-html',MF+'8eea20685c1505c4e3662ea8e8bf713d2dd8efe5496dae7c862af45dc051fd20.html',None,MH.format(g='forum')+' A discussion thread (Weddingbee boards, favourite nail colours with an engagement ring).'),
('forum-en-003','forum','en','opendatalab/magic-html',MF+'be673eda133de3729a144d296b9adfb8b2e1178da8ff8e5fc3d5f72d8a67b807.html',None,MH.format(g='forum')+' A technical thread (Marshall Amp Forum, extending a pilot light\'s life with a resistor).'),
('forum-en-004','forum','en','opendatalab/magic-html',MF+'717e9d39a4c7c938c24eb16eec0def5a55574d15e759824f1f2cda16f2a0c76b.html',None,MH.format(g='forum')+' A discussion thread (World Affairs Board, a small victory dance: a post on the pandemic\'s graph, with replies).'),
('product-fr-001','product','fr','j0k3r/graby',GF+'https___www.clubic.com_carte-graphique_carte-graphique-amd_article-478936-1-radeon-hd-7750-7770.html',None,GB+' A product test with benchmark figures (Clubic, the AMD Radeon HD 7750 and 7770 graphics cards), in French.'),
('product-es-001','product','es','microlinkhq/metascraper','packages/metascraper-audio/test/fixtures/providers/podcasts.apple.com.html',None,'URL from packages/metascraper-audio/test/providers.js. A store listing (Apple Podcasts, an episode of the mixx.io technology podcast, with its ratings and other episodes), in Spanish.'),
('product-de-001','product','de','adbar/trafilatura','tests/eval/nmb-media.de.ebay.html',None,'A shop\'s product page (NMB-MEDIA, an eBay template for JTL-Wawi and Eazyauction), in German.'),
('product-de-002','product','de','adbar/trafilatura','tests/eval/vergleich.de.leasen.html',None,'A finance comparison site\'s page on car leasing, loans and cash purchase (vergleich.de), in German.'),
('product-en-001','product','en','adbar/trafilatura','tests/eval/pcgamer.com.darkest.html',None,'A game review with its verdict, price and score (PC Gamer, Through the Darkest of Times).'),
('reference-en-001','reference','en','j0k3r/graby',GF+'keithjgrant.html',None,GB+' An essay with numbered notes (Keith J. Grant, resilient, declarative, contextual: what sets CSS apart).'),
('reference-en-002','reference','en','kepano/defuddle','tests/fixtures/general--cp4space-jordan-algebra.html',None,DF+' A mathematics post with a further-reading list (Complex Projective 4-Space, the exceptional Jordan algebra).'),
('reference-en-003','reference','en','adbar/trafilatura','tests/eval/anarc.at.cdpath.html',None,'A technical blog post with a list of references (anarcat, CDPATH replacements).'),
('reference-de-001','reference','de','adbar/trafilatura','tests/cache/telemedicus.info.rezension.html',None,'A book review with sources (Telemedicus, Härting\'s Internetrecht, 5th edition 2014), in German.'),
('reference-zh-001','reference','zh','opendatalab/magic-html',MA+'9f4c1adb9f61d954f33a02ef1919248e69c007dcbe9d903a0e77b739779951da.html',None,MH.format(g='article')+' A classical poem\'s reference page with a translation, numbered notes and commentary (Dugushici, Bai Juyi\'s Night Rain), in Chinese.'),
]
LIC={'AndyTheFactory/newspaper4k':'MIT','goose3/goose3':'Apache-2.0','adbar/trafilatura':'Apache-2.0','adbar/htmldate':'Apache-2.0','fhgr/harvest':'Apache-2.0','postlight/parser':'MIT OR Apache-2.0','scrapinghub/article-extraction-benchmark':'MIT','scrapinghub/product-extraction-benchmark':'MIT','flairNLP/fundus':'MIT','hhursev/recipe-scrapers':'MIT','opendatalab/magic-html':'Apache-2.0','kepano/defuddle':'MIT','microlinkhq/metascraper':'MIT','j0k3r/graby':'MIT'}
cands={ (x['repo'],x['path']):x for x in json.load(open('/work/scratch/set11/cands.json'))}
refs=pickle.load(open('/work/scratch/set11/refs.pkl','rb'))
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
prev=json.load(open(D+'evidence/manifest.json'))+json.load(open(D+'evidence-kept-aside/manifest.json'))+json.load(open(D+'evidence-kept-aside-2/manifest.json'))+json.load(open(D+'evidence-kept-aside-3/manifest.json'))+json.load(open(D+'evidence-kept-aside-4/manifest.json'))+json.load(open(D+'evidence-kept-aside-5/manifest.json'))+json.load(open(D+'evidence-kept-aside-6/manifest.json'))+json.load(open(D+'evidence-kept-aside-7/manifest.json'))+json.load(open(D+'evidence-kept-aside-8/manifest.json'))+json.load(open(D+'evidence-kept-aside-9/manifest.json'))+json.load(open(D+'evidence-kept-aside-10/manifest.json'))
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
json.dump({'references':{'readability':n('readability:'),'evidence':n('evidence:'),'keptAside':n('kept-aside:'),'keptAside2':n('kept-aside-2:'),'keptAside3':n('kept-aside-3:'),'keptAside4':n('kept-aside-4:'),'keptAside5':n('kept-aside-5:'),'keptAside6':n('kept-aside-6:'),'keptAside7':n('kept-aside-7:'),'keptAside8':n('kept-aside-8:'),'keptAside9':n('kept-aside-9:'),'keptAside10':n('kept-aside-10:'),'sharedCorpus':n('shared:')},'pages':check},open(OUT+'tools/check_result.json','w'),indent=1); open(OUT+'tools/check_result.json','a').write('\n')
for c in sorted(check,key=lambda c:-c['highestOverlap']): print(c['id'],c['highestOverlap'],c['nearest'])
print(len(man),'pages;',len(hosts),'hosts;',len(sharedsha),'distinct shared-corpus files (by bytes);',len(rmeta),'Readability metadata URLs and titles')
