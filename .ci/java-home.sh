# Sourced by .ci/run and the ./quarry launcher: makes JAVA_HOME point at a JDK >= 21.
# Keeps JAVA_HOME (or the java on PATH) if it is new enough, else looks in /usr/lib/jvm.
java_major() { "$1" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p' | head -1; }
quarry_pick_jdk() {
  local cand
  for cand in "${JAVA_HOME:-}" "$(dirname "$(dirname "$(readlink -f "$(command -v java 2>/dev/null || echo /nonexistent)")")")" /usr/lib/jvm/*; do
    [ -n "$cand" ] && [ -x "$cand/bin/java" ] && [ -x "$cand/bin/javac" ] || continue
    local v; v=$(java_major "$cand/bin/java")
    if [ -n "$v" ] && [ "${v%%.*}" -ge 21 ] 2>/dev/null; then
      export JAVA_HOME="$cand"; return 0
    fi
  done
  echo "error: Quarry needs a JDK 21 or newer; none found (set JAVA_HOME)" >&2
  return 1
}
quarry_pick_jdk
