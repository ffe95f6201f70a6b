# Writes the fifth kept-aside set's pages and manifest from the repository snapshots, and checks them
# against Mozilla Readability's test pages (every historical source.html), the 160 pages of
# datasets/evidence, the 30 of datasets/evidence-kept-aside, the 30 of datasets/evidence-kept-aside-2, the 30 of datasets/evidence-kept-aside-3, the 30 of datasets/evidence-kept-aside-4 and the HTML files of ../shared/corpus
# (refs.py), and the URLs and titles against every file of ../shared/corpus.
# Run: PYTHONHASHSEED=1 python3 build.py, from the scratch folder /tmp/kept5 (pool.py, refs.pkl and
# cands.json there; see ../SOURCES.md), after refs.py and cands.py. Every page of SEL must be in the pool
# and not kept out; the checks below are asserted again per page, and their result is written to
# check_result.json. A first run held 51 pages (these 30 and 21 alternates, ids numbered from 101);
# after a first evidence:candidates run the 30 below were kept (../SOURCES.md says why the others
# went), their ids renumbered, and the folder written again from scratch.
import sys; sys.path.insert(0,'/tmp/kept5')
from pool import *
OUT='/work/wt-set5/datasets/evidence-kept-aside-5/'
H='harvest stores the HTML as a JSON string (field html); it was written out as UTF-8, so the original byte encoding is not preserved.'
TN='tests/evaldata.json has no entry for this file; the URL is the page\'s own canonical link.'
MC='URL from tests/eval_mediacloud_2020.json.'
ED='URL from tests/eval_default.json.'
SEL=[ # id, genre, language, repository, path, url (None: from the repository's metadata), notes
('news-en-001','news','en','adbar/htmldate','tests/eval/theconversation.com-Storm.html',None,'URL from tests/eval_default.json. A news analysis (The Conversation, Storm Ciarán and research on storms).'),
('news-en-002','news','en','adbar/trafilatura','tests/cache/reuters.com.parasite.html',None,'A wire report (Reuters, the SAG awards).'),
('news-fr-001','news','fr','adbar/htmldate','tests/eval/liberation.fr-Gaza.html',None,'URL from tests/eval_default.json. A news report (Libération, Gaza).'),
('news-fr-002','news','fr','adbar/htmldate','tests/eval/20minutes.fr-Ciaran.html',None,'URL from tests/eval_default.json. A weather news report (20 Minutes, Storm Ciarán).'),
('news-es-001','news','es','adbar/trafilatura','tests/eval/eldeber.com.bo-autos.html',None,'A news report (El Deber, Bolivia, stolen cars).'),
('news-es-002','news','es','adbar/trafilatura','tests/eval/cooperativa.cl-presidente.html',None,"A news report (Cooperativa, Chile, the president's trip to Magallanes)."),
('news-zh-001','news','zh','adbar/htmldate','tests/test_set/1564888577.html',None,'URL from tests/eval_mediacloud_2020.json. A short news report (Liberty Times, Taiwan, receipt lottery; traditional characters).'),
('news-ja-001','news','ja','adbar/htmldate','tests/test_set/1521513101.html',None,'URL from tests/eval_mediacloud_2020.json. An entertainment news report (BIGLOBE News, a photo book).'),
('blog-en-001','blog','en','adbar/htmldate','tests/eval/treyhunner.com-pathlib.html',None,'URL from tests/eval_default.json. A programming blog post (Python pathlib), with code.'),
('blog-en-002','blog','en','adbar/htmldate','tests/cache/blog.wikimedia.interactivemaps.html',None,'URL from tests/eval_default.json. A foundation blog post (Wikimedia, interactive maps).'),
('blog-fr-001','blog','fr','adbar/trafilatura','tests/eval/aoc.media.archaisme.html',None,'An opinion piece (AOC, pensions); the page holds the start of the article only.'),
('blog-es-001','blog','es','adbar/htmldate','tests/test_set/1724245424.html',None,'URL from tests/eval_mediacloud_2020.json. A light feature (La Voz de la Frontera, music listened to in the pandemic).'),
('blog-pt-001','blog','pt','adbar/htmldate','tests/test_set/1793766917.html',None,'URL from tests/eval_mediacloud_2020.json. A cultural feature (O Tempo, an interview with a biographer).'),
('docs-en-001','docs','en','adbar/trafilatura','tests/eval/realsimple.com.hydrangea.html',None,'A gardening how-to (Real Simple, hydrangeas).'),
('docs-en-002','docs','en','adbar/trafilatura','tests/eval/tomshardware.com.rtx.html',None,"A buying guide (Tom's Hardware, graphics cards), with many shop links."),
('docs-de-001','docs','de','adbar/trafilatura','tests/eval/careelite.de-flaechenverbrauch.html',None,'An explainer with figures and a source list (CareElite, land use for animal products).'),
('docs-fr-001','docs','fr','adbar/trafilatura','tests/eval/infocomcgt.fr.caisse.html',None,"A union's page explaining its strike fund (Info'Com-CGT)."),
('docs-es-001','docs','es','adbar/htmldate','tests/test_set/1691780201.html',None,'URL from tests/eval_mediacloud_2020.json. An event notice (soychile.cl, a sports-science congress and how to register).'),
('forum-en-001','forum','en','adbar/trafilatura','tests/eval/german.stackexchange.com.ausgeraubt.html',None,'A question-and-answer thread (German Stack Exchange, in English, with German examples).'),
('forum-en-002','forum','en','fhgr/harvest','corpus/goldDocumentsPre/www.nairaland.com.5812914.akeredolu-rejects-plot-impeach-deputy.json',None,H),
('forum-en-003','forum','en','fhgr/harvest','corpus/goldDocumentsPre/myparkinsons.org.cgi-bin.forum.topic_show.pl.json',None,H),
('forum-de-001','forum','de','fhgr/harvest','corpus/goldDocumentsPre/www.hifi-forum.de.viewthread-84-29928.html.json',None,H),
('product-en-001','product','en','scrapinghub/product-extraction-benchmark','dataset/html/0eeed9742d1e585d884edeb69bed7c214a5309ae067c20afaa191d62ff7d1905.html.gz',None,'An Indian price-comparison shop (smartprix.com); a ceiling fan.'),
('product-ru-001','product','ru','scrapinghub/product-extraction-benchmark','dataset/html/572368ce4f3c5a157413c5df963a0cb6ea5d824baed06d7c73d4ef48db77175a.html.gz',None,'A Belarusian price-comparison shop (kids.1k.by); a baby carrier, with a price history.'),
('product-sk-001','product','sk','scrapinghub/product-extraction-benchmark','dataset/html/bc5a68d0c2c02a75c619620efec7afc35fb2c2aa2006cc76ba519942defffd1d.html.gz',None,'A Slovak computer shop (agem.sk); an M.2-to-PCIe adapter.'),
('product-ar-001','product','ar','scrapinghub/product-extraction-benchmark','dataset/html/2c08ee46ba20dc4323a3ae4923cd5adb63d509cba1b995b32db7b481303de978.html.gz',None,'A Saudi fashion shop (ar-sa.namshi.com), in Arabic; a T-shirt.'),
('reference-en-001','reference','en','scrapinghub/article-extraction-benchmark','html/8380689f358c1e3a0f6fca6e11ed13e5304a74060139f7a584347db213950446.html.gz',None,'URL from ground-truth.json. A fact check with a source list (Snopes).'),
('reference-en-002','reference','en','scrapinghub/article-extraction-benchmark','html/b6906ca016bbfc64c90426e098c75b3e8c84457a77f51f1e7ea6941cb80c2147.html.gz',None,'URL from ground-truth.json. An explainer with a source list (PolitiFact, tariffs).'),
('reference-de-001','reference','de','adbar/trafilatura','tests/eval/omeda.de-paxlovid.html',None,'A health article with a source list (onmeda.de, Paxlovid).'),
('reference-de-002','reference','de','adbar/trafilatura','tests/eval/publikum.net-HPV-Impfungen.html',None,'An article with a source list (publikum.net, HPV vaccination in Japan).'),
]
LIC={'AndyTheFactory/newspaper4k':'MIT','goose3/goose3':'Apache-2.0','adbar/trafilatura':'Apache-2.0','adbar/htmldate':'Apache-2.0','fhgr/harvest':'Apache-2.0','postlight/parser':'MIT OR Apache-2.0','scrapinghub/article-extraction-benchmark':'MIT','scrapinghub/product-extraction-benchmark':'MIT'}
cands={ (x['repo'],x['path']):x for x in json.load(open('/tmp/kept5/cands.json'))}
refs=pickle.load(open('/tmp/kept5/refs.pkl','rb'))
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
D='/work/wt-set5/datasets/'
prev=json.load(open(D+'evidence/manifest.json'))+json.load(open(D+'evidence-kept-aside/manifest.json'))+json.load(open(D+'evidence-kept-aside-2/manifest.json'))+json.load(open(D+'evidence-kept-aside-3/manifest.json'))+json.load(open(D+'evidence-kept-aside-4/manifest.json'))
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
json.dump({'references':{'readability':n('readability:'),'evidence':n('evidence:'),'keptAside':n('kept-aside:'),'keptAside2':n('kept-aside-2:'),'keptAside3':n('kept-aside-3:'),'keptAside4':n('kept-aside-4:'),'sharedCorpus':n('shared:')},'pages':check},open(OUT+'tools/check_result.json','w'),indent=1); open(OUT+'tools/check_result.json','a').write('\n')
for c in sorted(check,key=lambda c:-c['highestOverlap']): print(c['id'],c['highestOverlap'],c['nearest'])
print(len(man),'pages;',len(hosts),'hosts;',len(sharedsha),'distinct shared-corpus files (by bytes);',len(rmeta),'Readability metadata URLs and titles')
