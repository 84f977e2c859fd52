import json,sys
d=json.load(open(sys.argv[1]))
print(' '.join(f'{k}={v["threadSeconds"]:.1f}' for k,v in d['stages'].items()))
