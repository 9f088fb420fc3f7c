#!/usr/bin/env bash
# Starts Debian's Varnish (7.1, with xkey from varnish-modules; installed when absent) on 127.0.0.1 in front of the
# origin at $1 (host:port), with the repository's VCL (docs/varnish/skribra.vcl, its backend set to $1), and prints
# VARNISH_DIR=..., VARNISH_PID=... and, on its last line, VARNISH_URL=http://127.0.0.1:<port>. VARNISH_PORT picks the
# port (default a free one). Stop it with: kill "$(cat "$VARNISH_DIR/varnishd.pid")".
set -euo pipefail
ORIGIN="${1:?usage: scripts/ci-varnish.sh host:port (the origin Varnish fronts)}"
if ! command -v varnishd >/dev/null 2>&1 && [ ! -x /usr/sbin/varnishd ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq --no-install-recommends varnish varnish-modules >&2
fi
PATH="$PATH:/usr/sbin"
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PORT="${VARNISH_PORT:-$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')}"
DIR="$(mktemp -d /tmp/skribra-varnish-XXXXXX)"
chmod 755 "$DIR"
# The shipped VCL with its backend pointed at the origin.
sed -e "s/\.host = \"127.0.0.1\";/.host = \"${ORIGIN%:*}\";/" -e "s/\.port = \"4321\";/.port = \"${ORIGIN##*:}\";/" \
  "$ROOT/docs/varnish/skribra.vcl" > "$DIR/skribra.vcl"
varnishd -a "127.0.0.1:$PORT" -f "$DIR/skribra.vcl" -n "$DIR/work" -P "$DIR/varnishd.pid" -s malloc,64m -T none >&2
echo "VARNISH_DIR=$DIR"
echo "VARNISH_PID=$(cat "$DIR/varnishd.pid")"
echo "VARNISH_URL=http://127.0.0.1:$PORT"
