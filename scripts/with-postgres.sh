#!/usr/bin/env bash
# Run a command against a throwaway PostgreSQL cluster: initdb under /tmp, loopback only, a non-default port.
# The cluster is always stopped and removed, whatever the command's exit status.
set -euo pipefail
PGPORT="${PGPORT:-54329}"

find_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }
PGBIN="$(find_bin)"
if [ -z "$PGBIN" ] || [ ! -x "$PGBIN/initdb" ]; then
  echo "installing PostgreSQL"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  PGBIN="$(find_bin)"
fi

DATA="$(mktemp -d /tmp/quadrille-pg.XXXXXX)"
chown postgres "$DATA"
as_postgres() { runuser -u postgres -- "$@"; }

stop() {
  as_postgres "$PGBIN/pg_ctl" -D "$DATA/db" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$DATA"
}
trap stop EXIT

as_postgres "$PGBIN/initdb" -D "$DATA/db" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >/dev/null
as_postgres "$PGBIN/pg_ctl" -D "$DATA/db" -l "$DATA/log" -w \
  -o "-p $PGPORT -k $DATA -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null

export DATABASE_URL="postgres://postgres@127.0.0.1:$PGPORT/quadrille"
echo "PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PGPORT"
"$@"
