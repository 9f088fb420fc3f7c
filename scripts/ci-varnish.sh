#!/usr/bin/env bash
# Starts Debian's Varnish (7.1, with xkey from varnish-modules; both installed when absent) on 127.0.0.1 in front of
# the origin $1 (http://host:port or host:port; localhost is 127.0.0.1), with the repository's VCL
# (docs/varnish/skribra.vcl, its backend set to $1), and prints VARNISH_DIR=..., VARNISH_PID=... and, on its last
# line, VARNISH_URL=http://127.0.0.1:<port> (the origin's purge URL is that plus /_purge). VARNISH_PORT picks the port
# (default a free one). Stop it with: scripts/ci-varnish.sh --stop "$VARNISH_DIR" (stops varnishd, removes the dir).
set -euo pipefail
PATH="$PATH:/usr/sbin"

if [ "${1:-}" = "--stop" ]; then
  DIR="${2:?usage: scripts/ci-varnish.sh --stop VARNISH_DIR}"
  if [ -f "$DIR/varnishd.pid" ]; then
    PID="$(cat "$DIR/varnishd.pid")"
    kill "$PID" 2>/dev/null || true
    for _ in $(seq 100); do kill -0 "$PID" 2>/dev/null || break; sleep 0.1; done
  fi
  rm -rf "$DIR"
  exit 0
fi

ORIGIN="${1:?usage: scripts/ci-varnish.sh http://host:port (the origin Varnish fronts)}"
ORIGIN="${ORIGIN#http://}"
ORIGIN="${ORIGIN%%/*}"
HOST="${ORIGIN%:*}"
OPORT="${ORIGIN##*:}"
# Varnish resolves the backend once, and refuses a name with two addresses (localhost: 127.0.0.1 and ::1).
[ "$HOST" = localhost ] && HOST=127.0.0.1
case "$OPORT" in '' | *[!0-9]*) echo "ci-varnish: no port in $1" >&2; exit 2 ;; esac

if ! command -v varnishd >/dev/null 2>&1 || ! dpkg -s varnish-modules >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq --no-install-recommends varnish varnish-modules >&2
fi

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PORT="${VARNISH_PORT:-$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')}"
DIR="$(mktemp -d /tmp/skribra-varnish-XXXXXX)"
chmod 755 "$DIR"
# The shipped VCL with its backend pointed at the origin; a VCL whose lines moved fails here, not silently.
sed -e "s/^  \.host = \"127\.0\.0\.1\";/  .host = \"$HOST\";/" -e "s/^  \.port = \"4321\";/  .port = \"$OPORT\";/" \
  "$ROOT/docs/varnish/skribra.vcl" >"$DIR/skribra.vcl"
grep -q "^  \.port = \"$OPORT\";" "$DIR/skribra.vcl" || { echo "ci-varnish: no backend port line in the VCL" >&2; exit 1; }
# -T none: no management port (varnishlog -n "$VARNISH_DIR/work" still reads the log); the VCL is compiled now.
varnishd -a "127.0.0.1:$PORT" -f "$DIR/skribra.vcl" -n "$DIR/work" -P "$DIR/varnishd.pid" -s malloc,64m -T none >&2
for _ in $(seq 50); do [ -s "$DIR/varnishd.pid" ] && break; sleep 0.1; done
echo "VARNISH_DIR=$DIR"
echo "VARNISH_PID=$(cat "$DIR/varnishd.pid")"
echo "VARNISH_URL=http://127.0.0.1:$PORT"
