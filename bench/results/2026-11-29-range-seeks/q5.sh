P="<$1>"
Q=$(sed "s|%ProductXYZ%|$P|g" /work/scratch/bsbm-work/driver/queries/explore/query5.txt)
curl -s -X POST --data-urlencode "query=$Q" --data-urlencode "explain=${2:-true}" ${3:-http://127.0.0.1:7878/sparql}
