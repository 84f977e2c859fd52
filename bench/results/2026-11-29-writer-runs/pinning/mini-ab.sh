#!/bin/bash
# mini-ab.sh SERVER_CPU CLIENT_CPU: the bare server (Mini2.java: ../../2026-11-29-latency-pair/Mini.java with
# a choice of transport) with NIO and with native epoll, alternated, server and client pinned with taskset;
# prints the medians (ms) of latency.py's three queries (all answered with the same fixed ASK body)
J=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
cd "$(dirname "$0")"   # lib/ from: mvn dependency:copy-dependencies -DoutputDirectory=lib (pom.xml here)
# Mini2.java: Mini.java with the transport chosen by the second argument
sed -e 's/public class Mini/public class Mini2/' \
    -e 's/new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory())/new MultiThreadIoEventLoopGroup(1, a[1].equals("epoll") ? io.netty.channel.epoll.EpollIoHandler.newFactory() : NioIoHandler.newFactory())/' \
    -e 's/\.channel(NioServerSocketChannel.class)/.channel(a[1].equals("epoll") ? io.netty.channel.epoll.EpollServerSocketChannel.class : NioServerSocketChannel.class)/' \
    ../../2026-11-29-latency-pair/Mini.java > Mini2.java
${J%/java}/javac -cp "lib/*" Mini2.java
for round in 1 2; do
for t in nio epoll; do
  taskset -c $1 $J --enable-native-access=ALL-UNNAMED -cp "lib/*:." Mini2 7900 $t & pid=$!; sleep 1.5
  taskset -c $2 python3 /work/main/bench/bsbm/latency.py http://127.0.0.1:7900/sparql 20000 > /dev/null
  for r in 1 2 3; do echo "$t $round.$r $(taskset -c $2 python3 /work/main/bench/bsbm/latency.py http://127.0.0.1:7900/sparql 4000 | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["ask"]["median_ms"], d["one_row"]["median_ms"], d["forty_rows"]["median_ms"])')"; done
  kill $pid; wait $pid 2>/dev/null
done; done
rm -f Mini2.java Mini2*.class
