import http.client, urllib.parse, time, statistics, sys
port=int(sys.argv[1]); path=sys.argv[2]; q=sys.argv[3] if len(sys.argv)>3 else "ASK {}"
accept=sys.argv[4] if len(sys.argv)>4 else "application/sparql-results+xml"
ts=[]
for i in range(6000):
    body=urllib.parse.urlencode({"query":q})
    t=time.perf_counter()
    c=http.client.HTTPConnection('127.0.0.1',port)
    c.request("GET",path+"?"+body,headers={"Accept":accept})
    r=c.getresponse(); r.read(); c.close()
    if i>=1000: ts.append((time.perf_counter()-t)*1000)
ts.sort(); n=len(ts)
print('median %.3f p90 %.3f p99 %.3f p99.9 %.3f max %.2f  >1ms %d >2ms %d mean %.3f'%(ts[n//2],ts[int(.9*n)],ts[int(.99*n)],ts[int(.999*n)],ts[-1],sum(x>1 for x in ts),sum(x>2 for x in ts),sum(ts)/n))
