#!/usr/bin/env bash
# Start a PostgreSQL server for the test suite on 127.0.0.1 and print the URL to use:
#
#   eval "$(bash scripts/ci/postgres.sh)"     # sets PIDGATE_TEST_DATABASE_URL
#
# Idempotent: installs Debian's postgresql with apt-get when no server binaries are found, creates
# a cluster in $PIDGATE_PG_DATA (default /var/tmp/pidgate-postgres) once, starts it on
# 127.0.0.1:$PIDGATE_PG_PORT (default 54329) unless it is already running, and creates the role
# and database once. Only the export line goes to stdout; everything else goes to stderr.
#
# PIDGATE_PG_PORT=auto picks a free port (a server already running in $PIDGATE_PG_DATA keeps its own), so
# checkouts on one machine do not share a server; .ci/run uses it with a data directory of its own.
#
#   bash scripts/ci/postgres.sh stop          # stops the server running in $PIDGATE_PG_DATA (if any)
set -euo pipefail

DATA="${PIDGATE_PG_DATA:-/var/tmp/pidgate-postgres}"
PORT="${PIDGATE_PG_PORT:-54329}"
ACTION="${1:-start}"
DB_USER="${PIDGATE_PG_USER:-pidgate}"
DB_PASSWORD="${PIDGATE_PG_PASSWORD:-pidgate}"
DB_NAME="${PIDGATE_PG_DATABASE:-pidgate_test}"

log() { echo "postgres.sh: $*" >&2; }

find_bindir() {
  local dir
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then echo "$dir"; return 0; fi
  done
  if command -v pg_config >/dev/null 2>&1 && [ -x "$(pg_config --bindir)/initdb" ]; then pg_config --bindir; return 0; fi
  if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then dirname "$(command -v initdb)"; return 0; fi
  return 1
}

BIN="$(find_bindir || true)"
if [ "$ACTION" = stop ]; then
  [ -n "$BIN" ] && [ -f "$DATA/postmaster.pid" ] || { log "no server running in $DATA"; exit 0; }
  as_owner_stop() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
  log "stopping the server in $DATA"
  as_owner_stop "$BIN/pg_ctl" -D "$DATA" -m fast -w stop >&2 || true
  exit 0
fi
if [ "$ACTION" != start ]; then log "usage: postgres.sh [start|stop]"; exit 2; fi

if [ -z "$BIN" ]; then
  log "installing postgresql with apt-get"
  if [ "$(id -u)" -ne 0 ]; then log "not root: install postgresql first"; exit 1; fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update >&2
  apt-get install -y --no-install-recommends postgresql >&2
  BIN="$(find_bindir)"
fi

# initdb and postgres refuse to run as root: run them as the postgres user then.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    id postgres >/dev/null 2>&1 || useradd --system --home-dir /var/lib/postgresql --shell /bin/bash postgres
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

if [ ! -f "$DATA/PG_VERSION" ]; then
  log "creating a cluster in $DATA"
  mkdir -p "$DATA"
  [ "$(id -u)" -eq 0 ] && { id postgres >/dev/null 2>&1 || useradd --system postgres; chown postgres "$DATA"; }
  chmod 700 "$DATA"
  as_owner "$BIN/initdb" -D "$DATA" -U postgres --auth-local=trust --auth-host=scram-sha-256 \
    --encoding=UTF8 --locale=C.UTF-8 >&2
fi

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
if as_owner "$BIN/pg_ctl" -D "$DATA" status >/dev/null 2>&1; then
  log "already running in $DATA"
  # postmaster.pid's fourth line is the port it listens on
  [ "$PORT" = auto ] && PORT="$(sed -n 4p "$DATA/postmaster.pid")"
else
  if [ "$PORT" = auto ]; then
    PORT=""
    for _ in $(seq 1 50); do
      candidate=$((20000 + RANDOM % 40000))
      if port_free "$candidate"; then PORT="$candidate"; break; fi
    done
    [ -n "$PORT" ] || { log "no free port found"; exit 1; }
  fi
  log "starting on 127.0.0.1:$PORT"
  as_owner "$BIN/pg_ctl" -D "$DATA" -l "$DATA/server.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -c port=$PORT -c unix_socket_directories=$DATA -c max_connections=200 -c fsync=on" \
    start >&2
fi

psql_admin() { as_owner "$BIN/psql" -h "$DATA" -p "$PORT" -U postgres -d postgres -v ON_ERROR_STOP=1 -qAt "$@"; }

if [ "$(psql_admin -c "SELECT 1 FROM pg_roles WHERE rolname = '$DB_USER'")" != "1" ]; then
  log "creating role $DB_USER"
  psql_admin -c "CREATE ROLE \"$DB_USER\" LOGIN PASSWORD '$DB_PASSWORD'" >&2
fi
if [ "$(psql_admin -c "SELECT 1 FROM pg_database WHERE datname = '$DB_NAME'")" != "1" ]; then
  log "creating database $DB_NAME"
  psql_admin -c "CREATE DATABASE \"$DB_NAME\" OWNER \"$DB_USER\"" >&2
fi

echo "export PIDGATE_TEST_DATABASE_URL=postgres://$DB_USER:$DB_PASSWORD@127.0.0.1:$PORT/$DB_NAME"
