#!/usr/bin/env bash
# Makes the image `debian:trixie-slim` (or the suite given) from Debian's own packages, for a machine
# that can reach Debian's mirror but no image registry: a minimal root filesystem by debootstrap, cut
# down as Debian's official slim images are (no manuals, no documentation, no translations), imported
# into Podman (or Docker) under the official image's full name, so `FROM debian:trixie-slim` finds it.
#
#   sudo deploy/debian-base.sh                  # debian:trixie-slim
#   sudo deploy/debian-base.sh bookworm         # debian:bookworm-slim
#   MIRROR=http://mirror.example/debian sudo deploy/debian-base.sh
#
# Needs root, debootstrap and podman (or docker: ENGINE=docker). Where the registry is reachable,
# none of this is needed: the build pulls the official image.
set -euo pipefail

suite="${1:-trixie}"
mirror="${MIRROR:-http://deb.debian.org/debian}"
engine="${ENGINE:-podman}"
name="docker.io/library/debian:${suite}-slim"

for tool in debootstrap "$engine"; do
  command -v "$tool" >/dev/null || { echo "debian-base: $tool is not installed (apt-get install $tool)" >&2; exit 1; }
done
[ "$(id -u)" = 0 ] || { echo "debian-base: debootstrap needs root" >&2; exit 1; }

root="$(mktemp -d /var/tmp/debian-base.XXXXXX)"
trap 'rm -rf "$root"' EXIT

echo "[debian-base] debootstrap $suite from $mirror (a few minutes)"
# minbase: essential packages and apt only, as the official images.
debootstrap --variant=minbase "$suite" "$root" "$mirror" > "$root.log" 2>&1 || {
  tail -n 20 "$root.log" >&2
  rm -f "$root.log"
  exit 1
}
rm -f "$root.log"

# As debuerreotype does for the slim images: later installs skip documentation and translations too.
cat > "$root/etc/dpkg/dpkg.cfg.d/docker" <<'CFG'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/linda/*
CFG
cat > "$root/etc/apt/apt.conf.d/docker-clean" <<'CFG'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
CFG
echo 'APT::Install-Recommends "false";' > "$root/etc/apt/apt.conf.d/docker-no-recommends"
# The suite, its updates and its security fixes, as the official image lists them.
rm -f "$root/etc/apt/sources.list"
cat > "$root/etc/apt/sources.list.d/debian.sources" <<SRC
Types: deb
URIs: $mirror
Suites: $suite $suite-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: ${mirror%/debian}/debian-security
Suites: $suite-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
find "$root/usr/share/doc" -mindepth 2 ! -name copyright -delete 2>/dev/null || true
rm -rf "$root"/usr/share/{man,info,locale,lintian}/* "$root"/var/cache/apt/* "$root"/var/lib/apt/lists/* "$root"/var/log/*.log "$root"/tmp/*
: > "$root/etc/machine-id"

echo "[debian-base] importing as $name"
tar --numeric-owner -C "$root" -c . | "$engine" import --change 'CMD ["bash"]' - "$name" >/dev/null
"$engine" image ls "$name"
