import http.client, time, urllib.parse, sys, statistics, random
port, n = int(sys.argv[1]), int(sys.argv[2])
c = http.client.HTTPConnection('127.0.0.1', port)
def ask(q, accept):
    c.request('GET', '/sparql?query=' + urllib.parse.quote(q), headers={'Accept': accept}); r = c.getresponse(); return r.read()
offers = [l.strip().strip('"') for l in ask('SELECT ?o WHERE { ?o a <http://www4.wiwiss.fu-berlin.de/bizer/bsbm/v01/vocabulary/Offer> } ORDER BY ?o', 'text/csv').decode().splitlines()[1:]]
random.seed(808080); pick = random.sample(offers, n)
ts = []
for o in pick:
    q = f'''PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
PREFIX rev: <http://purl.org/stuff/rev#>
PREFIX foaf: <http://xmlns.com/foaf/0.1/>
PREFIX bsbm: <http://www4.wiwiss.fu-berlin.de/bizer/bsbm/v01/vocabulary/>
PREFIX bsbm-export: <http://www4.wiwiss.fu-berlin.de/bizer/bsbm/v01/vocabulary/export/>
PREFIX dc: <http://purl.org/dc/elements/1.1/>
CONSTRUCT {{ <{o}> bsbm-export:product ?productURI . <{o}> bsbm-export:productlabel ?productlabel . <{o}> bsbm-export:vendor ?vendorname .
  <{o}> bsbm-export:vendorhomepage ?vendorhomepage . <{o}> bsbm-export:offerURL ?offerURL . <{o}> bsbm-export:price ?price .
  <{o}> bsbm-export:deliveryDays ?deliveryDays . <{o}> bsbm-export:validuntil ?validTo }}
WHERE {{ <{o}> bsbm:product ?productURI . ?productURI rdfs:label ?productlabel . <{o}> bsbm:vendor ?vendorURI . ?vendorURI rdfs:label ?vendorname .
  ?vendorURI foaf:homepage ?vendorhomepage . <{o}> bsbm:offerWebpage ?offerURL . <{o}> bsbm:price ?price . <{o}> bsbm:deliveryDays ?deliveryDays .
  <{o}> bsbm:validTo ?validTo }}'''
    t = time.perf_counter(); b = ask(q, 'application/rdf+xml'); ts.append(time.perf_counter() - t)
h = len(ts)//2
print(f"offers {len(offers)} first half mean {statistics.mean(ts[:h])*1e3:.3f} second half mean {statistics.mean(ts[h:])*1e3:.3f} median {statistics.median(ts)*1e3:.3f} ms, {len(b)} bytes")
