#!/usr/bin/env bash
# Starts Debian's PgBouncer in transaction mode (pool_mode = transaction: a server connection is a client's only for
# one transaction, so named prepared statements and session state do not carry over, as with Supabase's port 6543 or
# a pooled Neon address) in front of the PostgreSQL of $1 (a DATABASE_URL, e.g. scripts/ci-postgres.sh's), on
# 127.0.0.1, as the postgres user, and prints PGBOUNCER_DIR=..., PGBOUNCER_PID=... and, on its last line,
# DATABASE_URL=... through the pooler (same user, password and database, with pgbouncer=true). Every database of the
# server is reachable through it. Settings: PGBOUNCER_PORT (default a free port), PGBOUNCER_POOL (server connections
# per database and user, default 20). Stop it with: kill "$(cat "$PGBOUNCER_DIR/pgbouncer.pid")"; start it again
# (after a kill, on the same port) with: scripts/ci-pgbouncer.sh --restart "$PGBOUNCER_DIR".
set -euo pipefail

as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

if [ "${1:-}" = "--restart" ]; then
  DIR="$2"
  PATH="$PATH:/usr/sbin"
  # A killed pooler leaves its pidfile, which PgBouncer takes for a running instance.
  if [ -f "$DIR/pgbouncer.pid" ] && ! kill -0 "$(cat "$DIR/pgbouncer.pid")" 2>/dev/null; then rm -f "$DIR/pgbouncer.pid"; fi
  as_pg pgbouncer -d "$DIR/pgbouncer.ini" >&2
  exit 0
fi

URL="${1:?usage: scripts/ci-pgbouncer.sh postgres://user:password@host:port/database}"
if ! command -v pgbouncer >/dev/null 2>&1 && [ ! -x /usr/sbin/pgbouncer ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq pgbouncer >&2
fi
PATH="$PATH:/usr/sbin"
id postgres >/dev/null 2>&1 || useradd --system --user-group --home-dir /var/lib/postgresql postgres

# The URL's parts, decoded (the password may be percent-encoded).
read -r PGUSER PGPASS PGHOST PGPORT PGDB < <(python3 - "$URL" <<'EOF'
import sys, urllib.parse as u
p = u.urlsplit(sys.argv[1])
print(u.unquote(p.username or 'postgres'), u.unquote(p.password or ''), p.hostname or '127.0.0.1', p.port or 5432, p.path.lstrip('/') or 'postgres')
EOF
)
PORT="${PGBOUNCER_PORT:-$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')}"
POOL="${PGBOUNCER_POOL:-20}"

DIR=$(mktemp -d /tmp/skribra-ci-pgbouncer.XXXXXX)
chmod 755 "$DIR"
# The pooler authenticates clients with SCRAM against this list and logs in to the server with the same password.
printf '"%s" "%s"\n' "$PGUSER" "$PGPASS" >"$DIR/userlist.txt"
chmod 600 "$DIR/userlist.txt"
cat >"$DIR/pgbouncer.ini" <<EOF
[databases]
* = host=$PGHOST port=$PGPORT

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $PORT
unix_socket_dir =
auth_type = scram-sha-256
auth_file = $DIR/userlist.txt
pool_mode = transaction
default_pool_size = $POOL
max_client_conn = 2000
admin_users = $PGUSER
logfile = $DIR/pgbouncer.log
pidfile = $DIR/pgbouncer.pid
EOF
chown -R postgres:postgres "$DIR"
as_pg pgbouncer -d "$DIR/pgbouncer.ini" >&2

ENC_PASS=$(python3 -c 'import sys, urllib.parse as u; print(u.quote(sys.argv[1], safe=""))' "$PGPASS")
ENC_USER=$(python3 -c 'import sys, urllib.parse as u; print(u.quote(sys.argv[1], safe=""))' "$PGUSER")
for _ in $(seq 50); do [ -s "$DIR/pgbouncer.pid" ] && break; sleep 0.1; done
echo "PGBOUNCER_DIR=$DIR"
echo "PGBOUNCER_PID=$(cat "$DIR/pgbouncer.pid")"
echo "DATABASE_URL=postgres://$ENC_USER:$ENC_PASS@127.0.0.1:$PORT/$PGDB?pgbouncer=true"
