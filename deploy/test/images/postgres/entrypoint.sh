#!/bin/sh
# As the official image's entrypoint, in short: on an empty data folder, create the cluster with
# POSTGRES_USER as its superuser and POSTGRES_PASSWORD, the database POSTGRES_DB, and password
# (scram) authentication from any address; then run the server as the postgres user.
set -eu
: "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD must be set}"
user="${POSTGRES_USER:-postgres}"
db="${POSTGRES_DB:-$user}"
mkdir -p "$PGDATA" /run/postgresql
chown -R postgres:postgres "$PGDATA" /run/postgresql
chmod 700 "$PGDATA"
as_postgres() { setpriv --reuid=postgres --regid=postgres --init-groups "$@"; }

if [ ! -s "$PGDATA/PG_VERSION" ]; then
  pwfile="$(mktemp)"
  printf '%s\n' "$POSTGRES_PASSWORD" > "$pwfile"
  chown postgres "$pwfile"
  as_postgres initdb --username="$user" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 \
    --encoding=UTF8 --locale=C.UTF-8 >/dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  as_postgres pg_ctl --silent --wait --options="-c listen_addresses=''" start
  if [ "$db" != postgres ]; then
    as_postgres psql --quiet --username="$user" --dbname=postgres --command="CREATE DATABASE \"$db\""
  fi
  as_postgres pg_ctl --silent --wait stop
  echo "entrypoint: cluster created, user $user, database $db"
fi

if [ "$1" = postgres ]; then
  shift
  exec setpriv --reuid=postgres --regid=postgres --init-groups postgres -c listen_addresses='*' "$@"
fi
exec "$@"
