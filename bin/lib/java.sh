# Shared by bin/benchmark and bin/benchmark-worker: build mqbench when needed, then run a Java
# main class with every module and driver on the classpath (distribution/target/lib).
# shellcheck shell=bash

MQBENCH_HOME="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
MQBENCH_LIB="$MQBENCH_HOME/distribution/target/lib"
MQBENCH_STAMP="$MQBENCH_LIB/.built"

# Prints the first source file changed since the last build, if any.
mqbench_changed_source() {
  # Only the modules the build knows: a module still being written elsewhere does not count.
  local dirs=()
  local m
  for m in $(sed -n 's:.*<module>\(.*\)</module>.*:\1:p' "$MQBENCH_HOME/pom.xml"); do
    [ -d "$MQBENCH_HOME/$m" ] && dirs+=("$MQBENCH_HOME/$m")
  done
  find "$MQBENCH_HOME/pom.xml" "${dirs[@]}" -path '*/target' -prune -o \
       -type f \( -name '*.java' -o -name 'pom.xml' -o -path '*/src/main/resources/*' \) \
       -newer "$MQBENCH_STAMP" -print -quit 2>/dev/null
}

mqbench_ensure_built() {
  if [ -f "$MQBENCH_STAMP" ] && [ -z "$(mqbench_changed_source)" ]; then
    return 0
  fi
  if ! command -v mvn >/dev/null 2>&1; then
    echo "error: Maven (mvn) is needed to build mqbench; install it (Debian: apt-get install maven) or run bin/test once" >&2
    exit 2
  fi
  local started=$SECONDS
  echo "building mqbench (mvn install -DskipTests; the first build downloads dependencies and takes a minute)..." >&2
  # One build at a time, even when several commands start together.
  mkdir -p "$MQBENCH_HOME/distribution/target"
  (
    flock 9
    if [ -f "$MQBENCH_STAMP" ] && [ -z "$(mqbench_changed_source)" ]; then exit 0; fi
    if ! (cd "$MQBENCH_HOME" && mvn -q -B -DskipTests install >"$MQBENCH_HOME/distribution/target/build.log" 2>&1); then
      tail -n 40 "$MQBENCH_HOME/distribution/target/build.log" >&2
      echo "error: the build failed; the whole log is in distribution/target/build.log" >&2
      exit 1
    fi
    touch "$MQBENCH_STAMP"
  ) 9>"$MQBENCH_HOME/distribution/target/.build.lock" || exit $?
  echo "built in $((SECONDS - started)) s" >&2
}

# mqbench_initial_heap: the JVM option for the heap's initial size, unless JAVA_OPTS gives one.
# G1 keeps the heap near its start, 1/64 of the machine's memory by default, collecting ever more
# often as the allocation rate rises: a Kafka client at 200 k msg/s of 1 KiB spent 12 % of its time
# collecting, with the heap at 300 MB of 5.8 GB. Starting at 8 % of the memory (1.9 GB on 24 GB)
# took that to 2 % and its CPU a message down by a tenth or more (docs/max-rate.md, "The heap's
# first size"). A percentage, not a size: the JVM caps it at the maximum heap, so it fits any
# machine or container, and pages the collector never touches cost nothing.
mqbench_initial_heap() {
  case " ${JAVA_OPTS:-} " in
    *" -Xms"* | *"-XX:InitialHeapSize="* | *"-XX:InitialRAMPercentage="*) ;;
    *) echo "-XX:InitialRAMPercentage=8" ;;
  esac
}

# mqbench_java <main class> [args...]: runs it with JAVA_OPTS (e.g. JAVA_OPTS=-Xmx4g).
mqbench_java() {
  local main_class=$1
  shift
  mqbench_ensure_built
  # A command started in the background by a script inherits Ctrl-C as ignored, and the JVM then
  # cannot take it over: give it back its default, where env can (coreutils 8.31 and later).
  local reset=()
  if env --default-signal=INT true 2>/dev/null; then reset=(env --default-signal=INT); fi
  # shellcheck disable=SC2086
  exec ${reset[@]+"${reset[@]}"} java $(mqbench_initial_heap) ${JAVA_OPTS:-} -Dmqbench.home="$MQBENCH_HOME" -cp "$MQBENCH_LIB/*" "$main_class" "$@"
}
