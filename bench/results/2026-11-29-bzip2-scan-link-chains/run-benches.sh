#!/usr/bin/env bash
# run-benches.sh FILE.bz2 NAME=JAR...: the splitter alone (SplitBench: cut the whole file into
# blocks, five passes) and the block decoder alone (DecodeBench: the first 300 blocks decoded on
# one thread, seven passes), compiled against each build's jar (the classes are package-private,
# so the programs sit in their package). Prints each pass's seconds.
set -e
export JAVA_HOME=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
here=$(cd "$(dirname "$0")" && pwd)
file=$1; shift
work=$(mktemp -d)
mkdir -p "$work/src/dev/quarry/loader/input"
cp "$here/SplitBench.java" "$here/DecodeBench.java" "$work/src/dev/quarry/loader/input/"
for spec in "$@"; do
  name=${spec%%=*}; jar=${spec#*=}
  "$JAVA_HOME/bin/javac" -cp "$jar" -d "$work/$name" "$work"/src/dev/quarry/loader/input/*.java
  echo "== $name split";  "$JAVA_HOME/bin/java" -cp "$work/$name:$jar" dev.quarry.loader.input.SplitBench "$file"
  echo "== $name decode"; "$JAVA_HOME/bin/java" -cp "$work/$name:$jar" dev.quarry.loader.input.DecodeBench "$file" 300
done
rm -rf "$work"
