# Writes the sixth kept-aside set's pages and manifest from the repository snapshots, and checks them
# against Mozilla Readability's test pages (every historical source.html), the 160 pages of
# datasets/evidence, the 30 of datasets/evidence-kept-aside, the 30 of datasets/evidence-kept-aside-2, the 30 of datasets/evidence-kept-aside-3, the 30 of datasets/evidence-kept-aside-4, the 30 of datasets/evidence-kept-aside-5 and the HTML files of ../shared/corpus
# (refs.py), and the URLs and titles against every file of ../shared/corpus.
# Run: PYTHONHASHSEED=1 python3 build.py, from the scratch folder /tmp/kept6 (pool.py, refs.pkl and
# cands.json there; see ../SOURCES.md), after refs.py and cands.py. Every page of SEL must be in the pool
# and not kept out; the checks below are asserted again per page, and their result is written to
# check_result.json. A first run held 39 pages (30 first choices and 9 alternates, ids numbered from 101), a second 13 more alternates (110-122);
# after a first evidence:candidates run the 30 below were kept (../SOURCES.md says why the others
# went), their ids renumbered, and the folder written again from scratch.
import sys; sys.path.insert(0,'/tmp/kept6')
from pool import *
OUT='/work/wt-set6/datasets/evidence-kept-aside-6/'
H='harvest stores the HTML as a JSON string (field html); it was written out as UTF-8, so the original byte encoding is not preserved.'
TN='tests/evaldata.json has no entry for this file; the URL is the page\'s own canonical link.'
MC='URL from tests/eval_mediacloud_2020.json.'
ED='URL from tests/eval_default.json.'
SEL=[ # id, genre, language, repository, path, url (None: from the repository's metadata), notes
('news-en-001','news','en','adbar/trafilatura','tests/eval/observer.com-LVMH.html',None,'A news report (Observer, LVMH funds a Louvre acquisition).'),
('news-fr-001','news','fr','adbar/htmldate','tests/eval/courrierinternational.com-Hamas.html',None,'URL from tests/eval_default.json. A news report around a video (Courrier international, the tunnels of Hamas in Gaza).'),
('news-fr-002','news','fr','adbar/htmldate','tests/eval/leparisien.fr-Ciaran.html',None,'URL from tests/eval_default.json. A weather news report with wind records (Le Parisien, Storm Ciarán).'),
('news-es-001','news','es','adbar/trafilatura','tests/eval/ultimahora.com-apelacion.html',None,'A court news report (Última Hora, Paraguay).'),
('news-es-002','news','es','adbar/htmldate','tests/test_set/1566936994.html',None,'URL from tests/eval_mediacloud_2020.json. A news report (La Prensa, Mexico, cash seized by Tijuana customs).'),
('news-pt-001','news','pt','adbar/htmldate','tests/test_set/1542250510.html',None,'URL from tests/eval_mediacloud_2020.json. A regional news report (g1, Rondônia, a crowdfunding for an abandoned dog).'),
('news-nl-001','news','nl','adbar/htmldate','tests/test_set/1721884119.html',None,'URL from tests/eval_mediacloud_2020.json (a Google News link to a nu.nl report). A Formula 1 news report (Verstappen in practice at the Russian Grand Prix).'),
('news-cs-001','news','cs','adbar/htmldate','tests/test_set/1509819104.html',None,"URL from tests/eval_mediacloud_2020.json. A local news item (Novinky.cz, readers' news: a museum exhibition on people smugglers)."),
('news-ko-001','news','ko','adbar/htmldate','tests/eval/n.news.naver.com-607.html',None,'URL from tests/eval_default.json. An investigative news report (Newstapa on Naver News, overseas adoption), in Korean.'),
('blog-en-001','blog','en','scrapinghub/article-extraction-benchmark','html/dfd43bc0d46e7aaa78ba10fbcb5b9fdfe78771d36cb4c7497e17fb6f69170ec5.html.gz',None,'URL from ground-truth.json. A company blog post with research figures (my6sense, native ad units).'),
('blog-en-002','blog','en','scrapinghub/article-extraction-benchmark','html/ec3878db7e49b1ed354c511b132e3de5f773ff4fc8014163df58c22fffd93d2f.html.gz',None,'URL from ground-truth.json. A fitness company blog post (Beachbody, game-day snacks).'),
('blog-fr-001','blog','fr','adbar/htmldate','tests/cache/la-bas.org.porte.html',None,"URL from tests/eval_default.json. A satirical radio chronicle, transcribed (Là-bas si j'y suis)."),
('blog-es-001','blog','es','adbar/trafilatura','tests/eval/lacuarta.com-loretoaravena.html',None,'A light celebrity piece (La Cuarta, Chile, a quarrel between two actresses), the nearest the Spanish pool has to a blog post.'),
('blog-it-001','blog','it','adbar/htmldate','tests/test_set/1720037955.html',None,'URL from tests/eval_mediacloud_2020.json. A trade-magazine feature (Edilportale, printers for design offices).'),
('docs-en-001','docs','en','adbar/trafilatura','tests/eval/plantcaretoday.com.bougainvillea.html',None,'A gardening how-to (Plant Care Today, bougainvillea).'),
('docs-de-001','docs','de','adbar/htmldate','tests/eval/aktiv-online.de-Arbeitsrecht.html',None,'URL from tests/eval_default.json. A labour-law guide (aktiv-online.de, sick pay).'),
('docs-fr-001','docs','fr','adbar/trafilatura','tests/cache/sauvonsluniversite.com.spip.html',None,"The decisions of a teachers' general assembly, as a list (Sauvons l'Université)."),
('docs-ja-001','docs','ja','adbar/htmldate','tests/test_set/1662376572.html',None,'URL from tests/eval_mediacloud_2020.json. A press release (PR TIMES, a feature of an ad-measurement platform), in Japanese.'),
('forum-en-001','forum','en','fhgr/harvest','corpus/goldDocumentsPre/www.gtplanet.net.forum.threads.f1-2018-general-discussion.378195..json',None,H),
('forum-en-002','forum','en','fhgr/harvest','corpus/goldDocumentsPre/forum.statcounter.com.threads.custom-tags-examples.44340..json',None,H),
('forum-en-003','forum','en','fhgr/harvest','corpus/goldDocumentsPre/bpdfamily.com.message_board.index.php.343886.0.json',None,H),
('forum-de-001','forum','de','fhgr/harvest','corpus/goldDocumentsPre/proxer.me.forum.142-anime.386798-kann-keine-anime-mehr-abspielen.json',None,H),
('product-en-001','product','en','scrapinghub/product-extraction-benchmark','dataset/html/d8830de9c46d6699a8ad00ed1f9c22754f64e74051ceb6c3a900a39efa1ce181.html.gz',None,'A wholesale marketplace (alibaba.com); a cheese slicer.'),
('product-en-002','product','en','scrapinghub/product-extraction-benchmark','dataset/html/3d3ee8ebe15603b2ffc77b0c9f87f4e033ff4784cfdd50a135ae17395c0d3263.html.gz',None,'A classified ad (craigslist, Manchester); a used washing machine.'),
('product-de-001','product','de','adbar/trafilatura','tests/eval/de.happycoffee.org.sidamo.html',None,"A coffee roaster's shop (Happy Coffee); organic coffee beans."),
('product-sl-001','product','sl','scrapinghub/product-extraction-benchmark','dataset/html/16962698dd77adf81fc07cd334a56539e2f96b79d8c028b8f3e5c9ba287f081e.html.gz',None,'A Slovenian optics shop (vsezaoci.si); stick-on reading lenses.'),
('reference-en-001','reference','en','scrapinghub/article-extraction-benchmark','html/076f4f33bf75059db581bedf36e76fb65e89a8f7752db3339aa3ea11c5122f32.html.gz',None,'URL from ground-truth.json. A fact check (News Nation, an "oxygen bar" in Delhi).'),
('reference-en-002','reference','en','adbar/trafilatura','tests/eval/d44c5ef50718437984dca47627dee96b.html',None,'An explainer with figures and links to its sources (Appen, artificial intelligence in healthcare).'),
('reference-en-003','reference','en','adbar/htmldate','tests/cache/gnu.org.gpl.html',None,'URL from tests/eval_default.json. A licence text (the GNU General Public License, version 3).'),
('reference-de-001','reference','de','adbar/trafilatura','tests/eval/aktion-hummelschutz.de.hummeln.html',None,'An explainer with a literature list (Aktion Hummelschutz, dead bumblebees under lime trees).'),
]
LIC={'AndyTheFactory/newspaper4k':'MIT','goose3/goose3':'Apache-2.0','adbar/trafilatura':'Apache-2.0','adbar/htmldate':'Apache-2.0','fhgr/harvest':'Apache-2.0','postlight/parser':'MIT OR Apache-2.0','scrapinghub/article-extraction-benchmark':'MIT','scrapinghub/product-extraction-benchmark':'MIT'}
cands={ (x['repo'],x['path']):x for x in json.load(open('/tmp/kept6/cands.json'))}
refs=pickle.load(open('/tmp/kept6/refs.pkl','rb'))
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
D='/work/wt-set6/datasets/'
prev=json.load(open(D+'evidence/manifest.json'))+json.load(open(D+'evidence-kept-aside/manifest.json'))+json.load(open(D+'evidence-kept-aside-2/manifest.json'))+json.load(open(D+'evidence-kept-aside-3/manifest.json'))+json.load(open(D+'evidence-kept-aside-4/manifest.json'))+json.load(open(D+'evidence-kept-aside-5/manifest.json'))
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
    inreadability=[k for k in (norm(url),t) if k and len(k)>8 and any(k==norm(m) or k==m for m in rmeta)]
    assert sha not in sharedsha and not inreadability, (id_,inreadability)
    check.append({'id':id_,'sameBytes':rb,'sameTitle':rt,'highestOverlap':round(ov,4),'nearest':refs[top[0][0]][0] if top else None,'urlOrTitleInSharedCorpus':inshared,'sameBytesAsAnySharedCorpusFile':sha in sharedsha,'urlOrTitleInReadabilityMetadata':inreadability})
    assert not rb and not rt and ov<=0.10 and not inshared, (id_,rb,rt,ov,inshared)
    assert (repo,path) not in prevpath and norm(url) not in prevurl and t not in prevtitle, id_
    open(OUT+'pages/'+id_+'.html.gz','wb').write(gzip.compress(raw,mtime=0))
    man.append({'id':id_,'genre':genre,'language':lang_,'title':t,'url':url,'source':{'repository':repo,'commit':commit,'path':path,'license':LIC[repo]},'notes':notes,'fold':0})
json.dump(man,open(OUT+'manifest.json','w'),ensure_ascii=False,indent=2); open(OUT+'manifest.json','a').write('\n')
n=lambda p:sum(r[0].startswith(p) for r in refs)
json.dump({'references':{'readability':n('readability:'),'evidence':n('evidence:'),'keptAside':n('kept-aside:'),'keptAside2':n('kept-aside-2:'),'keptAside3':n('kept-aside-3:'),'keptAside4':n('kept-aside-4:'),'keptAside5':n('kept-aside-5:'),'sharedCorpus':n('shared:')},'pages':check},open(OUT+'tools/check_result.json','w'),indent=1); open(OUT+'tools/check_result.json','a').write('\n')
for c in sorted(check,key=lambda c:-c['highestOverlap']): print(c['id'],c['highestOverlap'],c['nearest'])
print(len(man),'pages;',len(hosts),'hosts;',len(sharedsha),'distinct shared-corpus files (by bytes);',len(rmeta),'Readability metadata URLs and titles')
