# Writes the tenth kept-aside set's pages and manifest from the repository snapshots, and checks them
# against Mozilla Readability's test pages (every historical source.html), the 160 pages of
# datasets/evidence, the 30 each of datasets/evidence-kept-aside, -2, -3, -4, -5, -6, -7, -8 and -9 and the HTML files of ../shared/corpus
# (refs.py), and the URLs and titles against every file of ../shared/corpus.
# Run: PYTHONHASHSEED=1 python3 build.py, from the scratch folder /work/scratch/set10 (pool.py, refs.pkl and
# cands.json there; see ../SOURCES.md), after refs.py and cands.py. Every page of SEL must be in the pool
# and not kept out; the checks below are asserted again per page, and their result is written to
# check_result.json. As set 9's, it asserts, and records in check_result.json, that no page's site (registrable
# domain, read as cands.py reads it) is one of the other ten sets', and that no two pages share one.
# Two first runs: the first held 46 pages (the 30 first choices and 16 alternates, ids numbered from 101), the second
# 35 (the 30 then chosen and five more alternates). After each evidence:candidates run only the counts and the first
# few hundred characters of the text were looked at. Left out after the first run: news-ja-001 (BUZZAP!, read as 35
# characters), docs-zh-001 (a CSDN tutorial, 58 Chinese characters), forum-en-002 (Stack Overflow, 126 words),
# forum-en-003 (Science Forums, 32 words) and product-de-001 (Vinos Y Tapas, read as the shop's shipping-costs box);
# the alternates mk.co.kr, claudia.abril.com.br, Sabai Discuss (then forum-en-002), wolfsrebellen-netz and
# urlaubsarchitektur.de took their places. After the second run, forum-en-002 became The Ultimate Tone's thread
# (Sabai Discuss's text opens with the answers, without the question), and reference-en-003 became the Frontiers
# article: the first choice, a Carnegie Endowment analysis, has no notes or source list. The folder was then written
# again from scratch (../SOURCES.md).
import sys; sys.path.insert(0,'/work/scratch/set10')
from pool import *
OUT='/work/main/datasets/evidence-kept-aside-10/'
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
SEL=[ # id, genre, language, repository, path, url (None: from the repository's metadata), notes
('news-en-001','news','en','flairNLP/fundus',F+'ls/LesothoTimes_2025_11_24.html.gz',None,FU+' A news report (Lesotho Times, villages say a quarry\'s blasting damages their homes).'),
('news-fr-001','news','fr','flairNLP/fundus',F+'fr/EuronewsFR_2024_04_30.html.gz',None,FU+' A news report with figures (Euronews, how European measures saved the hake), in French.'),
('news-ru-001','news','ru','flairNLP/fundus',F+'ru/Kommersant_2025_05_14.html.gz',None,FU+' A political reportage (Kommersant, Andrei Kolesnikov on Putin meeting Anwar Ibrahim), in Russian.'),
('news-da-001','news','da','flairNLP/fundus',F+'dk/JyllandsPosten_2025_02_02.html.gz',None,FU+' A local news feature (Jyllands-Posten, a restaurateur in Aarhus), in Danish.'),
('news-tr-001','news','tr','flairNLP/fundus',F+'tr/AnadoluAjansi_2025_04_05.html.gz',None,FU+' A news report with figures (Anadolu Agency, electric-vehicle charging points in Turkey), in Turkish.'),
('news-ko-001','news','ko','flairNLP/fundus',F+'kr/MBN_2025_06_03.html.gz',None,FU+' A news profile with figures (Maeil Business Newspaper, the life of the newly elected president Lee Jae-myung), in Korean.'),
('blog-en-001','blog','en','kepano/defuddle','tests/fixtures/general--12gramsofcarbon.com-p-ilyas-30-papers-to-carmack-vlaes.html',None,DF+' A long technical blog post (12 Grams of Carbon, a review of the VLAE paper).'),
('blog-en-002','blog','en','microlinkhq/metascraper',MS+'blogger/input.html',None,MSI.format(n='blogger')+' A personal blog post (Simon Wardley\'s Bits or pieces?, a good enough map).'),
('blog-ja-001','blog','ja','opendatalab/magic-html',MA+'ae46e665b2bac91e8c575eabf6a9dc4f2fd33f470f0185c25dea8ddd826c976f.html',None,MH.format(g='article')+' A food magazine\'s restaurant column (Tabelog Magazine, a meat kappo restaurant), in Japanese.'),
('blog-ru-001','blog','ru','opendatalab/magic-html',MA+'48b8426ce96bb8c741453a8f970301c01e6c3cc32661d2541513425873b9f117.html',None,MH.format(g='article')+' A post on a blog platform (Dzen, when to use an automatic gearbox\'s N mode), in Russian.'),
('blog-de-001','blog','de','adbar/trafilatura','tests/eval/digitalcourage.de-Muendigkeit.html',None,'A blog post on an association\'s site (Digitalcourage, a book on digital self-determination).'),
('docs-en-001','docs','en','microlinkhq/metascraper',MS+'segment-academy/input.html',None,MSI.format(n='segment-academy')+' A technical lesson (Segment Academy, when to track on the client or the server).'),
('docs-de-001','docs','de','adbar/htmldate','tests/cache/ebene11.com.autocad.html',None,ED+' A technical how-to (ebene11, handling other people\'s DWG files in AutoCAD).'),
('docs-nl-001','docs','nl','hhursev/recipe-scrapers',RT+'dagelijksekost.vrt.be/dagelijksekost.testhtml',None,RS+' A recipe with steps (Dagelijkse kost, vol-au-vent), in Dutch.'),
('docs-cs-001','docs','cs','hhursev/recipe-scrapers',RT+'fresh.iprima.cz/freshiprima_1.testhtml',None,RS+' A recipe with steps (Prima Fresh, courgette rolls with Olomouc cheese), in Czech.'),
('docs-pt-001','docs','pt','hhursev/recipe-scrapers',RT+'claudia.abril.com.br/abril.testhtml',None,RS+' A recipe with steps and nutrition figures (CLAUDIA, beef stroganoff), in Portuguese.'),
('forum-en-001','forum','en','opendatalab/magic-html',MF+'dd58d570743b864f0b91a2db873aa7d4100959948993e364033889951b15e22c.html',None,MH.format(g='forum')+' A support-forum thread (Asgaros, design colours and SEO in the Asgaros forum plugin).'),
('forum-en-002','forum','en','opendatalab/magic-html',MF+'77d118aedba20777037422e6748c758d6f7013a2e1f108fd336204a551f68991.html',None,MH.format(g='forum')+' A discussion thread on a tube-amplifier forum (The Ultimate Tone, an update to the SV1, SV2 and SV-TT circuits).'),
('forum-de-001','forum','de','adbar/trafilatura','tests/eval/villagersandheroes.com.forums.patchnotes.html',None,'A game forum\'s announcement thread (Villagers & Heroes, patch notes 4.47.4), in German.'),
('forum-de-002','forum','de','adbar/trafilatura','tests/eval/wolfsrebellen-netz.forumieren.com.regeln.html',None,'A forum\'s rules thread (Netzwerk der Wolfsrebellen, on a forumieren.com forum).'),
('product-en-001','product','en','microlinkhq/metascraper',MS+'learnnode/input.html',None,MSI.format(n='learnnode')+' A sales page for an online course (Learn Node, Wes Bos).'),
('product-fr-001','product','fr','hhursev/recipe-scrapers',RT+'quitoque.fr/quitoque.testhtml',None,RS+' A meal-kit shop\'s product page (Quitoque, duck leg with rosemary and sarladaise potatoes).'),
('product-de-001','product','de','adbar/trafilatura','tests/eval/mueritzurlauber.de.blockhaus.html',None,'A holiday-cabin rental offer (Müritzurlauber, a log cabin in Ludorf).'),
('product-de-002','product','de','adbar/trafilatura','tests/eval/urlaubsarchitektur.de.glashaus.html','https://www.urlaubsarchitektur.de/de/das-glashaus-in-der-uckermark/','URL from tests/evaldata.json, without the trailing space it has there. A holiday-house offer on a rental platform (Urlaubsarchitektur, the Glass House in the Uckermark).'),
('product-de-003','product','de','adbar/trafilatura','tests/eval/financescout24.de.autokredit.html',None,'A car-loan product and comparison page (FinanceScout24).'),
('reference-en-001','reference','en','microlinkhq/metascraper','packages/metascraper-citation/test/fixtures/journals.plos.org-plosone-article-id-10.1371-journal.pone.0000001.html',None,MSC+' A journal article with its references (PLOS ONE, cold-seeking behaviour in endotoxin shock, 2006).'),
('reference-en-002','reference','en','microlinkhq/metascraper','packages/metascraper-citation/test/fixtures/www.nature.com-articles-s41586-021-03819-2.html',None,MSC+' A journal article with its references (Nature, AlphaFold protein structure prediction, 2021).'),
('reference-en-003','reference','en','microlinkhq/metascraper','packages/metascraper-citation/test/fixtures/www.frontiersin.org-journals-psychology-articles-10.3389-fpsyg.2014.00781-full.html',None,MSC+' A journal article with footnotes and references (Frontiers in Psychology, using Bayes to get the most out of non-significant results, 2014).'),
('reference-de-001','reference','de','adbar/trafilatura','tests/eval/coaching-magazin.de.transgenerationales-coaching.html',None,'A specialist article with a literature list (Coaching-Magazin, transgenerational coaching).'),
('reference-de-002','reference','de','adbar/trafilatura','tests/eval/kas.de-nordmazedonien.html',None,'A country report (Konrad-Adenauer-Stiftung, the local elections in North Macedonia, 2021).'),
]
LIC={'AndyTheFactory/newspaper4k':'MIT','goose3/goose3':'Apache-2.0','adbar/trafilatura':'Apache-2.0','adbar/htmldate':'Apache-2.0','fhgr/harvest':'Apache-2.0','postlight/parser':'MIT OR Apache-2.0','scrapinghub/article-extraction-benchmark':'MIT','scrapinghub/product-extraction-benchmark':'MIT','flairNLP/fundus':'MIT','hhursev/recipe-scrapers':'MIT','opendatalab/magic-html':'Apache-2.0','kepano/defuddle':'MIT','microlinkhq/metascraper':'MIT'}
cands={ (x['repo'],x['path']):x for x in json.load(open('/work/scratch/set10/cands.json'))}
refs=pickle.load(open('/work/scratch/set10/refs.pkl','rb'))
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
prev=json.load(open(D+'evidence/manifest.json'))+json.load(open(D+'evidence-kept-aside/manifest.json'))+json.load(open(D+'evidence-kept-aside-2/manifest.json'))+json.load(open(D+'evidence-kept-aside-3/manifest.json'))+json.load(open(D+'evidence-kept-aside-4/manifest.json'))+json.load(open(D+'evidence-kept-aside-5/manifest.json'))+json.load(open(D+'evidence-kept-aside-6/manifest.json'))+json.load(open(D+'evidence-kept-aside-7/manifest.json'))+json.load(open(D+'evidence-kept-aside-8/manifest.json'))+json.load(open(D+'evidence-kept-aside-9/manifest.json'))
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
json.dump({'references':{'readability':n('readability:'),'evidence':n('evidence:'),'keptAside':n('kept-aside:'),'keptAside2':n('kept-aside-2:'),'keptAside3':n('kept-aside-3:'),'keptAside4':n('kept-aside-4:'),'keptAside5':n('kept-aside-5:'),'keptAside6':n('kept-aside-6:'),'keptAside7':n('kept-aside-7:'),'keptAside8':n('kept-aside-8:'),'keptAside9':n('kept-aside-9:'),'sharedCorpus':n('shared:')},'pages':check},open(OUT+'tools/check_result.json','w'),indent=1); open(OUT+'tools/check_result.json','a').write('\n')
for c in sorted(check,key=lambda c:-c['highestOverlap']): print(c['id'],c['highestOverlap'],c['nearest'])
print(len(man),'pages;',len(hosts),'hosts;',len(sharedsha),'distinct shared-corpus files (by bytes);',len(rmeta),'Readability metadata URLs and titles')
