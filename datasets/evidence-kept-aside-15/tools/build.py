# Writes the fifteenth kept-aside set's pages and manifest from the repository snapshots, and checks them
# against Mozilla Readability's test pages (every historical source.html), the 160 pages of
# datasets/evidence, the 30 each of datasets/evidence-kept-aside, -2, … -14 and the HTML files
# of ../shared/corpus (refs.py), and the URLs and titles against every file of ../shared/corpus.
# Run: PYTHONHASHSEED=1 python3 build.py, from the scratch folder /work/scratch/ev15 (pool.py, refs.pkl and
# cands.json there; see ../SOURCES.md), after refs.py and cands.py. Every page of SEL must be in the pool
# and not kept out; the checks below are asserted again per page, and their result is written to
# check_result.json. As sets 11's to 14's, it asserts, and records in check_result.json, that no page's site (registrable
# domain, read as cands.py reads it) is one of the other fifteen sets', and that no two pages share one.
# With ALT=1 it also writes the alternates (ALTS, ids from 101) for a look at the engine's counts; the folder is
# then written again without them (../SOURCES.md says which first choices were replaced and why).
# Runs: four runs of evidence:candidates with ALT=1 (40, 39, 32 and 32 pages: first choices and alternates, ids from
# 101), then one of the 30. Left out after the runs (../SOURCES.md says why): news-fi-001 (Uusi Suomi, 147 words read),
# news-hy-001 (news.am, 87 words), news-ko-102 (Chosun, read as a photo caption and other headlines), news-bg-111
# (Actualno, 131 words), news-sq-112 (Koha, 83 words), news-it-113 (La Gazzetta del Mezzogiorno, 81 words), blog-fr-001
# (Attac France, 76 words), blog-ro-001 (news.yam.md, read as a short item followed by a feed of other items, cut at
# 20,000 characters), blog-fr-117 (PSL, 3 words), docs-nl-001 (Keukenliefde, 145 words), docs-da-103 (Valdemarsro, read
# as page furniture), docs-it-119 (Misya: read well, a third recipe not allowed), forum-de-001 (Katzen Forum, 98
# words), forum-zh-001 and forum-zh-120 (LearnKu, both read as 236 CJK characters of menu), forum-zh-105 and -132
# (CSOL forum, 340 and 94 CJK characters), forum-it-131 (Sunrise Community, 111 words), forum-en-133 (Netmums, 118
# words), product-de-002 (DealDoktor, 99 words), product-it-001 (eBay Italy, empty), reference-de-001 (Bibliothek 2.0:
# no list in the text as read), reference-de-108 (nachrichten.at, its literature not in the text as read), reference-de-
# 125 (ORF: its "Links:" not in the text as read), reference-de-127 (Umweltbundesamt, likewise), reference-en-001 to
# -003 of the first run and -109, -110 (Gentoo wiki, Construction Coverage, Aqua-Fish.net, Homegrounds, kernel.org:
# their lists fall after the 20,000 characters or the 120th number that are labelled), reference-en-124 (OSHA, no list
# as read). Read well but not taken: docs-en-104 (SQLAlchemy), forum-en-142 and -143 (FlyerTalk, Horse & Hound).
import sys; sys.path.insert(0,'/work/scratch/ev15')
from pool import *
OUT='/work/main/datasets/evidence-kept-aside-15/'
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
('news-ar-001','news','ar','adbar/htmldate','tests/test_set/1784190729.html',None,HD+' A news report (al-Yaum, Tehran burying Mohsen Fakhrizadeh and blaming the opposition), in Arabic.'),
('news-ja-001','news','ja','opendatalab/magic-html',MA+'e95f478204362affdd3b41ed598d95ff5a08596cf79048371e4a053c387784b2.html',None,MH.format(g='article')+' A news report (livedoor News, a 5-tsubo shop in Shinjuku Golden Gai sold at auction for 80 million yen), in Japanese.'),
('news-no-001','news','no','flairNLP/fundus',F+'no/Dagbladet_2024_08_04.html.gz',None,FU+' A news report (Dagbladet, a Norwegian sentenced to life in London for the "eunuch maker" case), in Norwegian.'),
('news-sv-001','news','sv','flairNLP/fundus',F+'se/Expressen_2025_10_23.html.gz',None,FU+' A news report (Expressen, pupils charged with assault at Lundsberg boarding school), in Swedish.'),
('news-uk-001','news','uk','adbar/htmldate','tests/test_set/1628285861.html',None,HD+' A weather news report (Zaxid.net, heat and thunderstorms next week), in Ukrainian.'),
('blog-ca-001','blog','ca','adbar/htmldate','tests/test_set/1556626357.html',None,HD+' A local feature (El Vallenc, the @VallsConfinat lockdown initiative), in Catalan.'),
('blog-fr-001','blog','fr','adbar/trafilatura','tests/eval/mesopinions.com.mutilation.html',None,TR+' A petition text (MesOpinions, against cutting the Radio France choir), in French.'),
('blog-id-001','blog','id','opendatalab/magic-html',MA+'a4034e1788ff94224f9b7c0565ecac881964b7b10aab50925f65b6bfcb83dd3f.html',None,MH.format(g='article')+' A lifestyle feature (Liputan6, an actress as bridesmaid in a cheongsam), in Indonesian.'),
('blog-tr-001','blog','tr','opendatalab/magic-html',MA+'0c3fcbaa26a30637563e2061cabb06474fcf536829c25ae0f4164a42883eb6d3.html',None,MH.format(g='article')+' A lifestyle feature (Haber7, the actress Hülya Koçyiğit on fake accounts in her name), in Turkish.'),
('blog-zh-001','blog','zh','opendatalab/magic-html',MA+'1f930df31eb35178b5438a4a86c3992c4f0a379662807778e5f8b0084ccc5849.html',None,MH.format(g='article')+' A commentary (Economic Daily\'s commentator on the "overcapacity" of China\'s new energy industry, on Tencent News), in Chinese.'),
('docs-de-001','docs','de','adbar/trafilatura','tests/eval/rueda.wikidot.com.enchufla.html',None,TR+' A wiki page of dance figures (Rueda in Berlin, the Enchufla figures of salsa rueda), in German.'),
('docs-en-001','docs','en',W,'dev/html/2865.html.gz',None,WU+' Software documentation (Redis, its data types).'),
('docs-hu-001','docs','hu','hhursev/recipe-scrapers',RT+'nosalty.hu/nosalty_2.testhtml',None,RS+' A recipe with steps (Nosalty, golden dumplings), in Hungarian.'),
('docs-id-001','docs','id',W,'dev/html/4403.html.gz',None,WU+' Software documentation (the Indonesian translation of React\'s legacy docs, using the Effect Hook).'),
('docs-pt-001','docs','pt','hhursev/recipe-scrapers',RT+'comidinhasdochef.com/comidinhasdochef_2.testhtml',None,RS+' A recipe with steps (Comidinhas do Chef, an upside-down coconut cake), in Portuguese.'),
('forum-en-001','forum','en',W,'dev/html/0537.html.gz',None,WU+' A discussion thread (The FreeBSD Forums, 2024 as the year of desktop FreeBSD).'),
('forum-en-002','forum','en',W,'test/html/5029.html.gz',None,WU+' A discussion thread (Fish Forum, advice on a beginner\'s new tank).'),
('forum-en-003','forum','en',W,'dev/html/0524.html.gz',None,WU+' A discussion thread (ALS Forums, early symptoms).'),
('forum-en-004','forum','en',W,'dev/html/0515.html.gz',None,WU+' A discussion thread (Head-Fi, the best closed headphones as of July 2024).'),
('forum-en-005','forum','en',W,'dev/html/0521.html.gz',None,WU+' A discussion thread (Basenotes, fragrance budgets for 2024).'),
('product-de-001','product','de','adbar/trafilatura','tests/eval/alpin.de-freeride.html',None,TR+' A product review (ALPIN, the Quantum Free Asolo Factory 130 ski touring boot), in German.'),
('product-de-002','product','de','adbar/trafilatura','tests/eval/haustiermagazin.com-katzenspielzeug.html',None,TR+' A buying guide comparing products (Haustiermagazin, electronic cat toys, with affiliate links and a table), in German.'),
('product-en-001','product','en',W,'dev/html/0590.html.gz',None,WU+' A shop\'s product category page (Beardbrand, beard oil).'),
('product-en-002','product','en',W,'dev/html/0607.html.gz',None,WU+' A shop\'s product page (Solo Stove, the Summit 24 fire pit).'),
('product-en-003','product','en',W,'dev/html/0586.html.gz',None,WU+' A shop\'s product page (MVMT, the Classic II watch in moon silver).'),
('reference-de-001','reference','de','adbar/trafilatura','tests/eval/haufe.de-ordnungsgeld.html',None,TR+' A legal news item ending with the court decision it reports (Haufe, fines for a lawyer refusing to wear a mask), in German.'),
('reference-de-002','reference','de','adbar/trafilatura','tests/eval/arbeit-und-arbeitsrecht.de.urlaub.html',None,TR+' A legal news item ending with its source, a press release of the Federal Labour Court (arbeit-und-arbeitsrecht.de, limitation of holiday claims), in German.'),
('reference-en-001','reference','en',W,'dev/html/0196.html.gz',None,WU+' A guide with a list of additional resources (Left Brain Buddha, starting a meditation practice).'),
('reference-en-002','reference','en',W,'dev/html/4537.html.gz',None,WU+' A guide with a list of additional resources (Insurance Information Institute, a home buyer\'s insurance guide).'),
('reference-en-003','reference','en',W,'dev/html/0472.html.gz',None,WU+' An essay with references (Decoding AI, AI workflows versus agents).'),
]
ALTS=[ # alternates of the last run with ALT=1, looked at by their counts only (not taken: the Basenotes thread, its
# third alternate, was enough; the earlier runs' alternates are named above and in ../SOURCES.md)
('forum-en-142','forum','en',W,'dev/html/0527.html.gz',None,WU),
('forum-en-143','forum','en',W,'test/html/5115.html.gz',None,WU),
]
LIC={'AndyTheFactory/newspaper4k':'MIT','goose3/goose3':'Apache-2.0','adbar/trafilatura':'Apache-2.0','adbar/htmldate':'Apache-2.0','fhgr/harvest':'Apache-2.0','postlight/parser':'MIT OR Apache-2.0','scrapinghub/article-extraction-benchmark':'MIT','scrapinghub/product-extraction-benchmark':'MIT','flairNLP/fundus':'MIT','hhursev/recipe-scrapers':'MIT','opendatalab/magic-html':'Apache-2.0','kepano/defuddle':'MIT','microlinkhq/metascraper':'MIT','j0k3r/graby':'MIT','Murrough-Foley/web-content-extraction-benchmark':'CC-BY-4.0'}
cands={ (x['repo'],x['path']):x for x in json.load(open('/work/scratch/ev15/cands.json'))}
refs=pickle.load(open('/work/scratch/ev15/refs.pkl','rb'))
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
prev=json.load(open(D+'evidence/manifest.json'))+json.load(open(D+'evidence-kept-aside/manifest.json'))+json.load(open(D+'evidence-kept-aside-2/manifest.json'))+json.load(open(D+'evidence-kept-aside-3/manifest.json'))+json.load(open(D+'evidence-kept-aside-4/manifest.json'))+json.load(open(D+'evidence-kept-aside-5/manifest.json'))+json.load(open(D+'evidence-kept-aside-6/manifest.json'))+json.load(open(D+'evidence-kept-aside-7/manifest.json'))+json.load(open(D+'evidence-kept-aside-8/manifest.json'))+json.load(open(D+'evidence-kept-aside-9/manifest.json'))+json.load(open(D+'evidence-kept-aside-10/manifest.json'))+json.load(open(D+'evidence-kept-aside-11/manifest.json'))+json.load(open(D+'evidence-kept-aside-12/manifest.json'))+json.load(open(D+'evidence-kept-aside-13/manifest.json'))+json.load(open(D+'evidence-kept-aside-14/manifest.json'))
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
json.dump({'references':{'readability':n('readability:'),'evidence':n('evidence:'),'keptAside':n('kept-aside:'),'keptAside2':n('kept-aside-2:'),'keptAside3':n('kept-aside-3:'),'keptAside4':n('kept-aside-4:'),'keptAside5':n('kept-aside-5:'),'keptAside6':n('kept-aside-6:'),'keptAside7':n('kept-aside-7:'),'keptAside8':n('kept-aside-8:'),'keptAside9':n('kept-aside-9:'),'keptAside10':n('kept-aside-10:'),'keptAside11':n('kept-aside-11:'),'keptAside12':n('kept-aside-12:'),'keptAside13':n('kept-aside-13:'),'keptAside14':n('kept-aside-14:'),'sharedCorpus':n('shared:')},'pages':check},open(OUT+'tools/check_result.json','w'),indent=1); open(OUT+'tools/check_result.json','a').write('\n')
for c in sorted(check,key=lambda c:-c['highestOverlap']): print(c['id'],c['highestOverlap'],c['nearest'])
print(len(man),'pages;',len(hosts),'hosts;',len(sharedsha),'distinct shared-corpus files (by bytes);',len(rmeta),'Readability metadata URLs and titles')
