#!/bin/sh
# Runs Debian's ActiveMQ Classic (package `activemq`, 5.17.2) for the driver-artemis Classic
# variant, on 127.0.0.1:61626 only, with its data under $MQBENCH_CLASSIC_DIR
# (default /tmp/mqbench-activemq-classic). Not part of bin/brokers: see driver-artemis/README.md.
#   activemq-classic.sh start | stop | status
# Install the broker first (as root): apt-get install -y --no-install-recommends activemq
# (the package's own service stays off: its postinst starts nothing when policy-rc.d forbids it,
# and this script never uses /etc/activemq).
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
BASE=${MQBENCH_CLASSIC_DIR:-/tmp/mqbench-activemq-classic}
HOME_DIR=/usr/share/activemq
PORT=61626
PID_FILE="$BASE/activemq.pid"

running() {
    [ -f "$PID_FILE" ] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null
}

answering() {
    # bash's /dev/tcp is not in sh: ask python3, which bin/brokers needs anyway.
    python3 -c "import socket,sys; s=socket.create_connection(('127.0.0.1', $PORT), 1)" 2>/dev/null
}

case "${1:-}" in
start)
    if running; then echo "activemq-classic: already running, pid $(cat "$PID_FILE")"; exit 0; fi
    [ -f "$HOME_DIR/bin/activemq.jar" ] || { echo "activemq-classic: $HOME_DIR/bin/activemq.jar missing;" \
        "install it as root: apt-get install -y --no-install-recommends activemq" >&2; exit 2; }
    if answering; then echo "activemq-classic: 127.0.0.1:$PORT is taken by another process" >&2; exit 2; fi
    mkdir -p "$BASE/conf" "$BASE/data"
    cp "$HERE/activemq.xml" "$BASE/conf/activemq.xml"
    setsid java -Xms256m -Xmx512m -Dactivemq.home="$HOME_DIR" -Dactivemq.base="$BASE" \
        -Dactivemq.conf="$BASE/conf" -Dactivemq.data="$BASE/data" \
        -jar "$HOME_DIR/bin/activemq.jar" start "xbean:file:$BASE/conf/activemq.xml" \
        > "$BASE/activemq.log" 2>&1 < /dev/null &
    echo $! > "$PID_FILE"
    i=0
    while [ $i -lt 60 ]; do
        if answering; then echo "activemq-classic: started, pid $(cat "$PID_FILE"), 127.0.0.1:$PORT"; exit 0; fi
        running || { echo "activemq-classic: exited; see $BASE/activemq.log" >&2; exit 1; }
        sleep 1; i=$((i + 1))
    done
    echo "activemq-classic: not answering after 60 s; see $BASE/activemq.log" >&2
    exit 1
    ;;
stop)
    if ! running; then echo "activemq-classic: not running"; rm -f "$PID_FILE"; exit 0; fi
    pid=$(cat "$PID_FILE")
    kill "$pid"
    i=0
    while kill -0 "$pid" 2>/dev/null && [ $i -lt 30 ]; do sleep 1; i=$((i + 1)); done
    kill -0 "$pid" 2>/dev/null && kill -9 "$pid"
    rm -f "$PID_FILE"
    echo "activemq-classic: stopped (pid $pid)"
    ;;
status)
    if running && answering; then echo "activemq-classic: answering on 127.0.0.1:$PORT, pid $(cat "$PID_FILE")"; exit 0; fi
    echo "activemq-classic: not running"; exit 3
    ;;
*)
    echo "usage: $0 start|stop|status" >&2; exit 2
    ;;
esac
