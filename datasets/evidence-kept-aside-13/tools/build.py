# Writes the thirteenth kept-aside set's pages and manifest from the repository snapshots, and checks them
# against Mozilla Readability's test pages (every historical source.html), the 160 pages of
# datasets/evidence, the 30 each of datasets/evidence-kept-aside, -2, … -12 and the HTML files
# of ../shared/corpus (refs.py), and the URLs and titles against every file of ../shared/corpus.
# Run: PYTHONHASHSEED=1 python3 build.py, from the scratch folder /work/scratch/ev13 (pool.py, refs.pkl and
# cands.json there; see ../SOURCES.md), after refs.py and cands.py. Every page of SEL must be in the pool
# and not kept out; the checks below are asserted again per page, and their result is written to
# check_result.json. As sets 11's and 12's, it asserts, and records in check_result.json, that no page's site (registrable
# domain, read as cands.py reads it) is one of the other thirteen sets', and that no two pages share one.
# With ALT=1 it also writes the alternates (ALTS, ids from 101) for a look at the engine's counts; the folder is
# then written again without them (../SOURCES.md says which first choices were replaced and why).
# Runs: four runs of evidence:candidates with ALT=1 (37, 41, 45 and 47 pages: first choices and alternates, ids from
# 101), then the last one of the 30 (the ALTS below were last written with ALT=1 for the build's checks only).
# Left out after the runs (../SOURCES.md says why): news-es-001 (BioBioChile, 40 words read), blog-ja-001
# (phpspot, 71 characters), docs-zh-001 (LearnKu, a menu and 236 CJK characters), forum-de-001
# (Katzen Forum, 98 words), forum-zh-001 (Ruby China, 252 CJK characters), forum-en-002 (LowEndTalk, 147 words),
# product-it-001 (laFeltrinelli, 138 words), product-it-002 (eBay Italy, 25 characters), product-fr-001 (3 Suisses, 0
# words), product-bg-001 (VMZona, read as its category menu), reference-de-001 (Hanns-Seidel-Stiftung, 45 words),
# reference-en-001 (APA, its reference list is not in the main text) and reference-en-003 (Decoding AI, cut before its
# references); and, to keep English at 8 and German at 5, blog-de-001, blog-en-001, docs-en-002 and docs-de-001.
import sys; sys.path.insert(0,'/work/scratch/ev13')
from pool import *
OUT='/work/main/datasets/evidence-kept-aside-13/'
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
('news-es-001','news','es','flairNLP/fundus',F+'es/ElDiario_2025_05_29.html.gz',None,FU+' A news report (elDiario.es, the Spanish foreign minister defends an arms embargo on Israel at a meeting of Arab and European ministers), in Spanish.'),
('news-it-001','news','it','opendatalab/magic-html',MA+'f88779ee9ff9c5d1eaf8c0d1023a0722418a7023bc4ed2f90d3cf8bbab0d1fc9.html',None,MH.format(g='article')+' A technology news report (la Repubblica, QAnon disinformation on Twitter), in Italian.'),
('news-ko-001','news','ko','opendatalab/magic-html',MA+'3e1c692ab0ba2ddfc43b7f03d6370bb3d4dab89f1955d0dd3fb5ecff0fbbef2f.html',None,MH.format(g='article')+' A news report carried by Daum (the next chief of the Seoul Central District Prosecutors\' Office), in Korean.'),
('news-ru-001','news','ru','adbar/htmldate','tests/test_set/1786902045.html',None,HD+' A news report (UNN, Russian edition: the Moldovan parliament limits the president\'s powers), in Russian.'),
('news-sv-001','news','sv','flairNLP/fundus',F+'se/Aftonbladet_2026_08_02.html.gz',None,FU+' A news report (Aftonbladet, Zelensky\'s appeal after new attacks), in Swedish.'),
('blog-fr-001','blog','fr','adbar/htmldate','tests/cache/loldf.org.html',None,HD+' A post of a feminist radio programme\'s site (Les oreilles loin du front, on assisted reproduction with two jurists), in French.'),
('blog-zh-001','blog','zh','postlight/parser','fixtures/www.qdaily.com.html',None,PL.format(h='www.qdaily.com')+' A feature on a culture and technology magazine site (Qdaily, a dating app that matches likes and dislikes), in Chinese.'),
('blog-zh-002','blog','zh','opendatalab/magic-html',MA+'d997d758e164d7642a106dce06f0b68df60a1b48ac1bdb7cb9cbeec61607d798.html',None,MH.format(g='article')+' An essay first published on a health site\'s WeChat account (39.net, how Jia Ling lost 100 jin), in Chinese.'),
('blog-zh-003','blog','zh','opendatalab/magic-html',MA+'0eebc3efd179794935e495b0c4da98dde249ca4e5df52da18e5fc1009c09f2f2.html',None,MH.format(g='article')+' A self-media post (360 Kuai Zixun, the snooker player Ding Junhui\'s fortune and family), in Chinese.'),
('blog-id-001','blog','id','scrapinghub/article-extraction-benchmark','html/7837c9d66c815b9a21dd669a3dc21677c3f084b1b7dd603d56e87867d8970dd3.html.gz',None,GT+' A blog post on Islam (Kabar Islamia, the history of the split into Sunni and Shia), in Indonesian.'),
('docs-en-001','docs','en',W,'dev/html/0673.html.gz',None,WU+' A programming guide (MDN Web Docs, using promises in JavaScript).'),
('docs-zh-001','docs','zh','opendatalab/magic-html',MA+'2338d64a03dcd33cdc0e7351495b53b979b8e612813020d58265f6669aa8a979.html',None,MH.format(g='article')+' A step-by-step how-to (Tongque history site, how to report blanket pandemic restrictions: hotlines and government platforms), in Chinese.'),
('docs-pt-001','docs','pt','hhursev/recipe-scrapers',RT+'pingodoce.pt/pingodoce.testhtml',None,RS+' A recipe with steps (Pingo Doce, monkfish rice), in Portuguese.'),
('docs-nl-001','docs','nl','hhursev/recipe-scrapers',RT+'uitpaulineskeuken.nl/uitpaulineskeukennl_1.testhtml',None,RS+' A recipe with steps (Uit Paulines Keuken, ravioli with sage butter), in Dutch.'),
('docs-it-001','docs','it','hhursev/recipe-scrapers',RT+'cucchiaio.it/cucchiaio.testhtml',None,RS+' A recipe with steps (Il Cucchiaio d\'Argento, swordfish with honey, cherry tomatoes and new potatoes), in Italian.'),
('forum-en-001','forum','en',W,'test/html/5080.html.gz',None,WU+' A discussion thread (Permies, using a cast iron skillet).'),
('forum-en-002','forum','en',W,'dev/html/0526.html.gz',None,WU+' A discussion thread (Warrior Forum, whether a simple affiliate method works for a beginner).'),
('forum-en-003','forum','en','fhgr/harvest','corpus/goldDocumentsPre/forums.moneysavingexpert.com.discussion.5567669.unsure-whether-to-consolidate-please-advise.json',None,HV+' A discussion thread (MoneySavingExpert Forum, whether to consolidate debts).'),
('forum-de-001','forum','de','fhgr/harvest','corpus/goldDocumentsPre/www.drwindows.de.windows-7-allgemein.16340-zufall-entdeckte-problemlsungen.html.json',None,HV+' A long thread of tips (Dr. Windows, problem solutions found by chance in Windows 7), in German.'),
('forum-zh-001','forum','zh','opendatalab/magic-html',MF+'3a43c342657cab390d70029ef10b0ceecd3ea9272b8acfd1d0c2d8cb398a9f01.html',None,MH.format(g='forum')+' A question with replies on a software forum (Flarum Chinese community, forcing users to log in), in Chinese.'),
('product-ko-001','product','ko','scrapinghub/product-extraction-benchmark',PB+'8830b60f122373e8cc73b9c25f49ade018e96b775b3d603179f2d16f1cef9faf.html.gz',None,GT+' A shop\'s deal page (TMON, a one-year subscription to the magazine Joeun Saenggak), in Korean.'),
('product-ja-001','product','ja','postlight/parser','fixtures/www.publickey1.jp.html',None,PL.format(h='www.publickey1.jp')+' A product announcement with specifications (Publickey, Intel\'s 1-petabyte-per-1U SSD D5-P4326), in Japanese.'),
('product-de-001','product','de','adbar/trafilatura','tests/eval/auto-motor.at-hyundaitest.html',None,TR+' A car test (auto-motor.at, the Hyundai Santa Fe plug-in hybrid), in German.'),
('product-de-002','product','de','adbar/trafilatura','tests/eval/happyface313.com.plantur.html',None,TR+' A sponsored product test on a beauty blog (HappyFace313, Plantur 39 colour shampoo), in German.'),
('product-de-003','product','de','adbar/trafilatura','tests/eval/motor.at-elektroroller.html',None,TR+' A scooter test (motor.at, the Seat Mo 125 electric scooter), in German.'),
('reference-de-001','reference','de','adbar/trafilatura','tests/eval/piratenpartei.at.grundeinkommen.html',None,TR+' A party\'s position paper with a numbered source list (Piratenpartei Österreich, the referendum on a basic income), in German.'),
('reference-en-001','reference','en',W,'dev/html/4582.html.gz',None,WU+' A guide with a list of references (AFPA, transitioning to a plant-based diet).'),
('reference-en-002','reference','en',W,'dev/html/4523.html.gz',None,WU+' A guide with a list of references (Humanscale, setting up an ergonomic workstation at home).'),
('reference-en-003','reference','en',W,'dev/html/0197.html.gz',None,WU+' An article with a list of references (EVM Institute, human resource planning in event management).'),
('reference-en-004','reference','en',W,'test/html/5627.html.gz',None,WU+' A guide with numbered references (Nomad Stays blog, slow travel and digital nomad visas).'),
]
ALTS=[ # alternates of the last run with ALT=1, looked at by their counts only (none taken; ../SOURCES.md says why)
('news-zh-105','news','zh','opendatalab/magic-html',MA+'ea5bdb58d64b345dd80afd12651010fd442d4c8bdf45b540e61c4ff7c37fb30f.html',None,MH.format(g='article')),
('product-en-106','product','en',W,'dev/html/4225.html.gz',None,WU),
('news-es-112','news','es','adbar/trafilatura','tests/eval/elcomercio.pe-kenjifujimori.html',None,TR),
('forum-en-139','forum','en','fhgr/harvest','corpus/goldDocumentsPre/shift.ms.topic.cbd-oil-11.json',None,HV),
('blog-ko-143','blog','ko','goose3/goose3','tests/data/content/test_donga_korean.html',None,'URL from the .json beside it (its url).'),
('blog-tr-144','blog','tr','opendatalab/magic-html',MA+'0c3fcbaa26a30637563e2061cabb06474fcf536829c25ae0f4164a42883eb6d3.html',None,MH.format(g='article')),
]
LIC={'AndyTheFactory/newspaper4k':'MIT','goose3/goose3':'Apache-2.0','adbar/trafilatura':'Apache-2.0','adbar/htmldate':'Apache-2.0','fhgr/harvest':'Apache-2.0','postlight/parser':'MIT OR Apache-2.0','scrapinghub/article-extraction-benchmark':'MIT','scrapinghub/product-extraction-benchmark':'MIT','flairNLP/fundus':'MIT','hhursev/recipe-scrapers':'MIT','opendatalab/magic-html':'Apache-2.0','kepano/defuddle':'MIT','microlinkhq/metascraper':'MIT','j0k3r/graby':'MIT','Murrough-Foley/web-content-extraction-benchmark':'CC-BY-4.0'}
cands={ (x['repo'],x['path']):x for x in json.load(open('/work/scratch/ev13/cands.json'))}
refs=pickle.load(open('/work/scratch/ev13/refs.pkl','rb'))
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
prev=json.load(open(D+'evidence/manifest.json'))+json.load(open(D+'evidence-kept-aside/manifest.json'))+json.load(open(D+'evidence-kept-aside-2/manifest.json'))+json.load(open(D+'evidence-kept-aside-3/manifest.json'))+json.load(open(D+'evidence-kept-aside-4/manifest.json'))+json.load(open(D+'evidence-kept-aside-5/manifest.json'))+json.load(open(D+'evidence-kept-aside-6/manifest.json'))+json.load(open(D+'evidence-kept-aside-7/manifest.json'))+json.load(open(D+'evidence-kept-aside-8/manifest.json'))+json.load(open(D+'evidence-kept-aside-9/manifest.json'))+json.load(open(D+'evidence-kept-aside-10/manifest.json'))+json.load(open(D+'evidence-kept-aside-11/manifest.json'))+json.load(open(D+'evidence-kept-aside-12/manifest.json'))
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
json.dump({'references':{'readability':n('readability:'),'evidence':n('evidence:'),'keptAside':n('kept-aside:'),'keptAside2':n('kept-aside-2:'),'keptAside3':n('kept-aside-3:'),'keptAside4':n('kept-aside-4:'),'keptAside5':n('kept-aside-5:'),'keptAside6':n('kept-aside-6:'),'keptAside7':n('kept-aside-7:'),'keptAside8':n('kept-aside-8:'),'keptAside9':n('kept-aside-9:'),'keptAside10':n('kept-aside-10:'),'keptAside11':n('kept-aside-11:'),'keptAside12':n('kept-aside-12:'),'sharedCorpus':n('shared:')},'pages':check},open(OUT+'tools/check_result.json','w'),indent=1); open(OUT+'tools/check_result.json','a').write('\n')
for c in sorted(check,key=lambda c:-c['highestOverlap']): print(c['id'],c['highestOverlap'],c['nearest'])
print(len(man),'pages;',len(hosts),'hosts;',len(sharedsha),'distinct shared-corpus files (by bytes);',len(rmeta),'Readability metadata URLs and titles')
