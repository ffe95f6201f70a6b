# Writes the fourth kept-aside set's pages and manifest from the repository snapshots, and checks them
# against Mozilla Readability's test pages (every historical source.html), the 160 pages of
# datasets/evidence, the 30 of datasets/evidence-kept-aside, the 30 of datasets/evidence-kept-aside-2, the 30 of datasets/evidence-kept-aside-3 and the HTML files of ../shared/corpus
# (refs.py), and the URLs and titles against every file of ../shared/corpus.
# Run: PYTHONHASHSEED=1 python3 build.py
import sys; sys.path.insert(0,'/tmp/kept4')
from pool import *
OUT='/work/wt-set4/datasets/evidence-kept-aside-4/'
H='harvest stores the HTML as a JSON string (field html); it was written out as UTF-8, so the original byte encoding is not preserved.'
TN='tests/evaldata.json has no entry for this file; the URL is the page\'s own canonical link.'
MC='URL from tests/eval_mediacloud_2020.json.'
ED='URL from tests/eval_default.json.'
SEL=[ # id, genre, language, repository, path, url (None: from the repository's metadata), notes
('news-en-001','news','en','adbar/trafilatura','tests/eval/bbc.com.52241221.html',None,'A news report (BBC, New York burials).'),
('news-de-001','news','de','adbar/trafilatura','tests/eval/aerobuzz.de-bremen.html',None,'An aviation news report.'),
('news-fr-001','news','fr','adbar/htmldate','tests/eval/lesechos.fr-Macron.html',None,'URL from tests/eval_default.json. A news report on an opinion poll.'),
('news-es-001','news','es','adbar/trafilatura','tests/eval/lostiempos.com-juicio.html',None,'A court report (Bolivia).'),
('news-pt-001','news','pt','adbar/trafilatura','tests/eval/correio24horas.com.br-PMS.html',None,'A news report (Brazil, crime).'),
('news-ja-001','news','ja','AndyTheFactory/newspaper4k','tests/data/html/japanese_article2.html',None,'URL from tests/data/metadata/japanese_article2.json. A short wire report (AFPBB).'),
('news-zh-001','news','zh','adbar/htmldate','tests/test_set/1546021647.html',None,'URL from tests/eval_mediacloud_2020.json. An entertainment news report (Taiwan, traditional characters).'),
('news-ru-001','news','ru','adbar/htmldate','tests/test_set/1647262025.html',None,'URL from tests/eval_mediacloud_2020.json. A short news report (TASS, a motorway opening).'),
('blog-en-001','blog','en','adbar/trafilatura','tests/eval/fivethirtyeight.com.endorsement.html',None,'A data-journalism blog post.'),
('blog-en-002','blog','en','adbar/trafilatura','tests/eval/blog.amp.dev.axios.html',None,'A company blog post (an interview).'),
('blog-de-001','blog','de','adbar/trafilatura','tests/eval/0a4a8ab61c054192b1ec70cc3570cf45.html',None,'A travel blog post (zugreiseblog.de, rail lounges).'),
('blog-fr-001','blog','fr','adbar/htmldate','tests/cache/cric-grenoble.info.radio.html',None,'URL from tests/eval_default.json. A post on a collaborative activist site.'),
('blog-es-001','blog','es','adbar/trafilatura','tests/eval/trome.pe-chollywood.html',None,'A light entertainment feature (Peru, Mother\'s Day).'),
('docs-en-001','docs','en','adbar/trafilatura','tests/eval/thebalance.com.coinbase.html',None,'A consumer guide (comparing two exchanges).'),
('docs-de-001','docs','de','adbar/trafilatura','tests/eval/angelmagazin.de-schmerzen.html',None,'An explainer (can fish feel pain).'),
('docs-fr-001','docs','fr','adbar/trafilatura','tests/eval/archive.org-travaillent.html',None,'An explainer on working hours, kept by the Internet Archive.'),
('docs-es-001','docs','es','adbar/htmldate','tests/test_set/1561086382.html',None,'URL from tests/eval_mediacloud_2020.json. A service article (Havana, how sales are organised).'),
('docs-it-001','docs','it','adbar/trafilatura','tests/eval/parcoabruzzo.it.58354.html',None,"A national park's yearly report on its bears."),
('forum-en-001','forum','en','fhgr/harvest','corpus/goldDocumentsPre/www.airliners.net.forum.viewtopic.php.1437935.json',None,H),
('forum-en-002','forum','en','fhgr/harvest','corpus/goldDocumentsPre/www.medschat.com.Discuss.Nexium-drug-information-159060.htm.json',None,H),
('forum-en-003','forum','en','fhgr/harvest','corpus/goldDocumentsPre/healthunlocked.com.parkinsonsmovement.posts.142058845.artane-anyone.json',None,H),
('forum-en-004','forum','en','fhgr/harvest','corpus/goldDocumentsPre/community.scope.org.uk.discussion.68941.disabled-mum.json',None,H),
('product-en-001','product','en','scrapinghub/product-extraction-benchmark','dataset/html/be99f1975380b02a3066840b86c3f42513c231fcb5c7aff38125b5381e2061e8.html.gz',None,'A US department store (boscovs.com); a crib mattress.'),
('product-en-002','product','en','scrapinghub/product-extraction-benchmark','dataset/html/9d8d7e059ecda5dd934c3928425b924e6a9efdde798d273998ed596d5563f0e7.html.gz',None,'A fashion shop (zalando.ie); a dress.'),
('product-fi-001','product','fi','scrapinghub/product-extraction-benchmark','dataset/html/6f905464d48cbbbdfea4ba3542c7045b504ffe0f1bb20c350363a429339f0697.html.gz',None,'A Finnish fashion shop (zalando.fi); a jacket.'),
('product-es-001','product','es','scrapinghub/product-extraction-benchmark','dataset/html/b7af59198cac698a4c36757e64a60c7a7701c48ae44b559a54938f51d729b1f5.html.gz',None,'An Argentine shop (stockcenter.com.ar); football boots.'),
('reference-en-001','reference','en','adbar/trafilatura','tests/eval/healthline.com.fat.html',None,'A health reference article with a source list.'),
('reference-en-002','reference','en','adbar/trafilatura','tests/eval/thelist.com.multivitamin.html',None,'A health article with a source list.'),
('reference-de-001','reference','de','adbar/trafilatura','tests/eval/amnesty.de-waffensysteme.html',None,"A human-rights organisation's background page."),
('reference-fr-001','reference','fr','adbar/trafilatura','tests/eval/regards.fr.enquetes.html',None,'A long list of investigations, with sources.'),
]
LIC={'AndyTheFactory/newspaper4k':'MIT','goose3/goose3':'Apache-2.0','adbar/trafilatura':'Apache-2.0','adbar/htmldate':'Apache-2.0','fhgr/harvest':'Apache-2.0','postlight/parser':'MIT OR Apache-2.0','scrapinghub/article-extraction-benchmark':'MIT','scrapinghub/product-extraction-benchmark':'MIT'}
cands={ (x['repo'],x['path']):x for x in json.load(open('/tmp/kept4/cands.json'))}
refs=pickle.load(open('/tmp/kept4/refs.pkl','rb'))
from collections import defaultdict
inv=defaultdict(list)
for i,r in enumerate(refs):
    for s in r[3]: inv[s].append(i)
shared=[open(f,'rb').read().decode('utf-8','replace') for f in glob.glob('/work/shared/corpus/**/*',recursive=True) if os.path.isfile(f)]
D='/work/wt-set4/datasets/'
prev=json.load(open(D+'evidence/manifest.json'))+json.load(open(D+'evidence-kept-aside/manifest.json'))+json.load(open(D+'evidence-kept-aside-2/manifest.json'))+json.load(open(D+'evidence-kept-aside-3/manifest.json'))
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
json.dump({'references':{'readability':n('readability:'),'evidence':n('evidence:'),'keptAside':n('kept-aside:'),'keptAside2':n('kept-aside-2:'),'keptAside3':n('kept-aside-3:'),'sharedCorpus':n('shared:')},'pages':check},open(OUT+'tools/check_result.json','w'),indent=1); open(OUT+'tools/check_result.json','a').write('\n')
for c in sorted(check,key=lambda c:-c['highestOverlap']): print(c['id'],c['highestOverlap'],c['nearest'])
print(len(man),'pages;',len(hosts),'hosts')
