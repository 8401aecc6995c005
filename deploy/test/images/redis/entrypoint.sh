#!/bin/sh
# As the official image: a `redis-server` command listens on every address without protected mode,
# runs as the redis user and keeps its files in /data.
set -eu
if [ "$1" = redis-server ]; then
  shift
  chown -R redis:redis /data
  exec setpriv --reuid=redis --regid=redis --init-groups redis-server --bind '*' --protected-mode no --dir /data "$@"
fi
exec "$@"
