J=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
for F in $FILES; do
for r in 1 2 3; do for m in plain aot; do
 case $m in plain) opt=""; JAR=/work/scratch/aotload/plain/quarry.jar;; aot) opt="-XX:AOTCache=/work/scratch/aotload/aot/quarry.aot"; JAR=/work/scratch/aotload/aot/quarry.jar;; esac
 rm -rf st; /usr/bin/time -o t.txt -f "%e %U %S %M" $J -Xmx4g $opt -jar $JAR load --store st $F > l-$m.log 2>&1
 echo "$(basename $F) $r $m $(cat t.txt) $(grep -c 'error\|warning' l-$m.log)"
done; done; done
