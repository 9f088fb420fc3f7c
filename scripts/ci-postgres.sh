#!/usr/bin/env bash
# Starts an independent PostgreSQL (Debian's package) on 127.0.0.1, on a free port, in a temp dir, as the
# postgres user, creates a database, and prints DATABASE_URL=... on its last line. The CI runs the store and
# content-API tests again against it. PGPORT_CI chooses its port (default: a free one). Stop it with: pg_ctl -D "$PGDATA" stop  (PGDATA is printed too).
set -euo pipefail

if ! ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq postgresql >&2
fi
BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
id postgres >/dev/null 2>&1 || useradd --system --user-group --home-dir /var/lib/postgresql postgres

DIR=$(mktemp -d /tmp/skribra-ci-pg.XXXXXX)
chmod 755 "$DIR"
chown postgres:postgres "$DIR"
PORT="${PGPORT_CI:-$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')}"
PASS=$(head -c 18 /dev/urandom | base64 | tr -d '/+=')
# Whatever LANG the machine has (possibly a locale it never generated), the cluster is UTF-8 with C.UTF-8, which
# every glibc system has: code point collation and Unicode case mapping, like the embedded server's builtin
# C.UTF-8. Title order does not depend on it (an ICU collation, migration 005).
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- env LC_ALL=C.UTF-8 LANG=C.UTF-8 "$@"; else env LC_ALL=C.UTF-8 LANG=C.UTF-8 "$@"; fi; }

echo "$PASS" > "$DIR/pw" && chown postgres "$DIR/pw" && chmod 600 "$DIR/pw"
as_pg "$BIN/initdb" -D "$DIR/data" -U postgres --pwfile="$DIR/pw" --auth=scram-sha-256 -E UTF8 --locale=C.UTF-8 >&2
rm -f "$DIR/pw"
as_pg "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w \
  -o "-c listen_addresses=127.0.0.1 -p $PORT -c unix_socket_directories='$DIR' -c max_connections=200" start >&2
PGPASSWORD="$PASS" "$BIN/psql" -h 127.0.0.1 -p "$PORT" -U postgres -d postgres -qc "CREATE DATABASE skribra_ci" >&2

echo "PGDATA=$DIR/data"
echo "DATABASE_URL=postgres://postgres:$PASS@127.0.0.1:$PORT/skribra_ci"
