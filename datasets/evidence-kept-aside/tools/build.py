# Writes the kept-aside set's pages and manifest from the repository snapshots, and checks them
# against Mozilla Readability's test pages (every historical source.html), the 160 pages of
# datasets/evidence and the HTML files of ../shared/corpus. Run: PYTHONHASHSEED=1 python3 build.py
import sys; sys.path.insert(0,'/tmp/kept')
from pool import *
OUT='/work/wt-kept/datasets/evidence-kept-aside/'
SEL=[ # id, genre, language, repository, path, url (None: from the repository's metadata), notes
('news-en-001','news','en','adbar/trafilatura','tests/eval/theintercept.com-Gaza.html',None,None),
('news-de-001','news','de','adbar/trafilatura','tests/eval/handelsblatt.com.grenzschliessungen.html',None,None),
('news-de-002','news','de','postlight/parser','fixtures/www.spektrum.de.html','https://www.spektrum.de/news/genetik-das-geheimnis-der-parasitischen-rafflesien/2039026','URL from src/extractors/custom/www.spektrum.de/index.test.js. A science news article with a source list.'),
('news-fr-001','news','fr','adbar/trafilatura','tests/eval/lapresse.tn.parite.html',None,None),
('news-es-001','news','es','adbar/trafilatura','tests/eval/elpais.com.uy-gobierno.html',None,None),
('news-es-002','news','es','adbar/trafilatura','tests/eval/ambito.com-paritarias.html',None,None),
('news-es-003','news','es','adbar/trafilatura','tests/eval/elnuevoherald.com-miami.html','https://www.elnuevoherald.com/noticias/acceso-miami/negocios/article260741867.html','evaldata.json keys this page recall::elnuevoherald.com-miami.html; the URL is the page\'s own canonical link.'),
('news-pt-001','news','pt','adbar/trafilatura','tests/eval/campograndenews.com.br-adolescente.html',None,None),
('news-pl-001','news','pl','adbar/trafilatura','tests/eval/sportowefakty.wp.pl.falubaz.html',None,'A speedway match report.'),
('news-ja-001','news','ja','postlight/parser','fixtures/scan.netsecurity.ne.jp.html','https://scan.netsecurity.ne.jp/article/2019/03/05/42049.html','URL from src/extractors/custom/scan.netsecurity.ne.jp/index.test.js.'),
('blog-en-001','blog','en','adbar/trafilatura','tests/eval/thenervousbreakdown.com.loneliest.html',None,None),
('blog-fr-001','blog','fr','adbar/trafilatura','tests/cache/soundofscience.fr.1927.html',None,None),
('blog-es-001','blog','es','adbar/htmldate','tests/test_set/1804096113.html','https://listindiario.com/el-deporte/2020/12/22/649384/los-grandes-ligas-en-la-lidom','A newspaper\'s baseball column (Listín Diario, "Miniaturas del béisbol"). URL from tests/eval_mediacloud_2020.json.'),
('blog-pt-001','blog','pt','scrapinghub/article-extraction-benchmark','html/b3c19dd5f0612d098788fa5173e491b3280da6226b492f8fe110f4ab1896cca8.html.gz',None,None),
('blog-ja-001','blog','ja','adbar/htmldate','tests/test_set/1651753632.html','https://blog.goo.ne.jp/jgccg115/e/5d8c31a659b95cc18a43ad75d152e80f','A hiking blog on blog.goo.ne.jp. URL from tests/eval_mediacloud_2020.json.'),
('docs-en-001','docs','en','adbar/trafilatura','tests/eval/toptal.com.python.html',None,'A programming tutorial.'),
('docs-en-002','docs','en','adbar/trafilatura','tests/eval/schneems.com.rubocop.html',None,'A programming walk-through on a developer\'s blog.'),
('docs-de-001','docs','de','adbar/trafilatura','tests/eval/it-learner.de.autotuning.html',None,'A how-to article.'),
('docs-de-002','docs','de','adbar/trafilatura','tests/eval/giga.de.chrome.html',None,'A how-to article.'),
('forum-en-001','forum','en','fhgr/harvest','corpus/goldDocumentsPre/www.medhelp.org.posts.Heart-Disease.Wolfe-Parkinson-White-Syndrome.show.250747.json',None,'harvest stores the HTML as a JSON string (field html); it was written out as UTF-8, so the original byte encoding is not preserved.'),
('forum-en-002','forum','en','fhgr/harvest','corpus/goldDocumentsPre/skyscraperpage.com.forum.showthread.php.json',None,'harvest stores the HTML as a JSON string (field html); it was written out as UTF-8, so the original byte encoding is not preserved.'),
('forum-de-001','forum','de','fhgr/harvest','corpus/goldDocumentsPre/www.musiker-board.de.threads.kopfplattenbruch-reparatur-lakewood-m48-custom.706841..json',None,'harvest stores the HTML as a JSON string (field html); it was written out as UTF-8, so the original byte encoding is not preserved.'),
('forum-de-002','forum','de','fhgr/harvest','corpus/goldDocumentsPre/www.amsel.de.multiple-sklerose-forum..json',None,'harvest stores the HTML as a JSON string (field html); it was written out as UTF-8, so the original byte encoding is not preserved.'),
('product-en-001','product','en','scrapinghub/product-extraction-benchmark','dataset/html/93e7744dcaa23844c590accf41ec8e40ac7b07d5ea83aaf284ee2f906ece25f2.html.gz',None,'bestbuy.ca.'),
('product-fr-001','product','fr','scrapinghub/product-extraction-benchmark','dataset/html/64915d8c2251307c4c8d4c9f3e506a26d4740e2a806b13e33622b3c889b2b037.html.gz',None,'amazon.fr.'),
('product-hr-001','product','hr','scrapinghub/product-extraction-benchmark','dataset/html/36dbaefc4b2a95d7bafef92f74fcd2e80bd631774dda813450317a496919a09a.html.gz',None,'A Croatian shop (eklinika.hr).'),
('product-sk-001','product','sk','scrapinghub/product-extraction-benchmark','dataset/html/ccbaa81cc89eaa70df015c6c970c673efc462414b8760440a75b9afd3ee4df0c.html.gz',None,'A Slovak shop (nay.sk).'),
('reference-en-001','reference','en','adbar/trafilatura','tests/eval/link.springer.com.1007.html',None,'A review article with a long reference list.'),
('reference-en-002','reference','en','adbar/trafilatura','tests/eval/acpjournals.org.3075.html',None,'A journal article with a reference list.'),
('reference-fr-001','reference','fr','adbar/trafilatura','tests/cache/laviedesidees.fr.evaluation.html',None,'An essay with notes and references.'),
]
LIC={'adbar/trafilatura':'Apache-2.0','adbar/htmldate':'Apache-2.0','fhgr/harvest':'Apache-2.0','postlight/parser':'MIT OR Apache-2.0','scrapinghub/article-extraction-benchmark':'MIT','scrapinghub/product-extraction-benchmark':'MIT'}
cands={ (x['repo'],x['path']):x for x in json.load(open('/tmp/kept/cands.json'))}
refs=pickle.load(open('/tmp/kept/refs.pkl','rb'))
from collections import defaultdict
inv=defaultdict(list)
for i,r in enumerate(refs):
    for s in r[3]: inv[s].append(i)
man=[]; check=[]
for id_,genre,lang_,repo,path,url,notes in SEL:
    if '__' in path:
        pre=path.split('/')[-1].split('__')[0]; path=[p for r,p in cands if r==repo and pre in p][0]
    c=cands[(repo,path)]
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
    check.append({'id':id_,'sameBytes':rb,'sameTitle':rt,'highestOverlap':round(ov,4),'nearest':refs[top[0][0]][0] if top else None})
    assert not rb and not rt and ov<=0.10, (id_,rb,rt,ov)
    open(OUT+'pages/'+id_+'.html.gz','wb').write(gzip.compress(raw,mtime=0))
    man.append({'id':id_,'genre':genre,'language':lang_,'title':t,'url':url or c['url'],'source':{'repository':repo,'commit':commit,'path':path,'license':LIC[repo]},'notes':notes,'fold':0})
json.dump(man,open(OUT+'manifest.json','w'),ensure_ascii=False,indent=2); open(OUT+'manifest.json','a').write('\n')
json.dump({'references':{'readability':sum(r[0].startswith('readability:') for r in refs),'evidence':sum(r[0].startswith('evidence:') for r in refs),'sharedCorpus':sum(r[0].startswith('shared:') for r in refs)},'pages':check},open(OUT+'tools/check_result.json','w'),indent=1); open(OUT+'tools/check_result.json','a').write('\n')
for c in sorted(check,key=lambda c:-c['highestOverlap']): print(c['id'],c['highestOverlap'],c['nearest'])
