#!/bin/sh
# As the official image's entrypoint: a first argument that is an option, or not a command, is given
# to node; any other command runs as it is.
set -e
if [ "${1#-}" != "${1}" ] || [ -z "$(command -v "${1}")" ] || { [ -f "${1}" ] && ! [ -x "${1}" ]; }; then
  set -- node "$@"
fi
exec "$@"
