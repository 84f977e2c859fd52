#!/usr/bin/env bash
# l26.sh NAME FILE [extra java opts via JOPTS]: direct load with s/NAME.jar (+ s/NAME.aot), prints wall s, peak RSS MB
set -euo pipefail
name=$1; file=$2
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
store=/work/scratch/st-$name; rm -rf $store
aot=""; [ -f /work/scratch/s/$name.aot ] && aot="-XX:AOTCache=/work/scratch/s/$name.aot"
cat $file > /dev/null
/usr/bin/time -f "%e s cpu %U+%S %M KB %P" -o /work/scratch/time-$name.txt $JAVA_HOME/bin/java -Xmx4g $aot ${JOPTS:-} -jar /work/scratch/s/$name.jar load --store $store $file --report /work/scratch/rep-$name.json > /work/scratch/out-$name.log 2>&1
st=$(python3 -c "import json;s=json.load(open(\"/work/scratch/rep-$name.json\"))[\"stages\"];print(\" \".join(k[:5]+\"=\"+str(v[\"threadSeconds\"]) for k,v in s.items()))")
echo "$st $name $(basename $file) JOPTS='${JOPTS:-}' $(cat /work/scratch/time-$name.txt) store $(du -sm $store | cut -f1) MB"
rm -rf $store
