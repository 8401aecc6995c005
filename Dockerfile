# The site's image: built with the dev dependencies, run with the production ones only, on Debian's
# own Node.js (no other image than Debian's). Docker and Podman build it the same:
#
#   docker build -t agency-site .          podman build --format docker -t agency-site .
#
# (Podman's default OCI format has no HEALTHCHECK; `--format docker` keeps it.) Deploying it:
# docs/operating.md, "Deploying".

# Any Debian (or Debian-based) image with Node.js 20.19 or newer as its `nodejs` package.
ARG BASE=debian:trixie-slim
# The npm that installs the dependencies: the lock file's, newer than Debian's npm 9, whose reading of
# `overrides` fails on it. Fetched from the npm registry with Debian's npm, in the build stage only.
ARG NPM_VERSION=11

# ---- build: install everything, build the pages and the server, then keep the production dependencies
FROM ${BASE} AS build
ARG NPM_VERSION
# Behind a proxy that intercepts TLS (a company network), give the build its certificate authorities,
# used by npm in this stage only and never copied into the image:
#   --secret id=ca_certificates,src=/etc/ssl/certs/ca-certificates.crt
ENV npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false
RUN apt-get update \
 && apt-get install -y --no-install-recommends nodejs npm ca-certificates python3 make g++ libnode-dev \
 && rm -rf /var/lib/apt/lists/*
RUN --mount=type=secret,id=ca_certificates,required=false \
    if [ -f /run/secrets/ca_certificates ]; then export npm_config_cafile=/run/secrets/ca_certificates; fi \
 && npm install --global "npm@${NPM_VERSION}" \
 && apt-get purge -y --auto-remove npm >/dev/null \
 && rm -f /usr/local/lib/node_modules/npm/npmrc \
 && /usr/local/bin/npm --version
WORKDIR /src
# Node's headers come from libnode-dev, so better-sqlite3 compiles without downloading them (node-gyp
# reads this; npm itself warns that it does not know it).
ENV npm_config_nodedir=/usr
COPY package.json package-lock.json ./
RUN --mount=type=secret,id=ca_certificates,required=false \
    if [ -f /run/secrets/ca_certificates ]; then export npm_config_cafile=/run/secrets/ca_certificates; fi \
 && npm ci
COPY . .
# Then only what the server loads: the production dependencies, without better-sqlite3's C sources,
# objects and static library (its compiled addon stays), nor the dependencies' own tests and
# benchmarks, source maps, TypeScript sources and declarations, and readmes.
RUN npm run build \
 && npm prune --omit=dev --offline \
 && rm -rf node_modules/better-sqlite3/deps node_modules/better-sqlite3/src \
           node_modules/better-sqlite3/build/Release/obj* node_modules/better-sqlite3/build/Release/.deps \
           node_modules/better-sqlite3/build/Release/*.a node_modules/better-sqlite3/build/deps \
           node_modules/better-sqlite3/build/Release/test_extension.node \
 && find node_modules -depth -type d \( -name test -o -name tests -o -name __tests__ -o -name benchmark -o -name benchmarks -o -name bench -o -name .github \) -exec rm -rf {} + \
 && find node_modules dist -type f \( -name '*.test.js' -o -name '*.spec.js' -o -name 'bench.js' -o -name 'benchmark.js' -o -name '*.map' -o -name '*.ts' -o -name '*.md' -o -name '*.markdown' \) -delete

# ---- run
FROM ${BASE}
RUN apt-get update \
 && apt-get install -y --no-install-recommends nodejs ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --system --gid 10001 site \
 && useradd --system --uid 10001 --gid site --home-dir /nonexistent --no-create-home --shell /usr/sbin/nologin site \
 && mkdir -p /data \
 && chown site:site /data
WORKDIR /app
COPY --from=build /src/package.json ./
COPY --from=build /src/node_modules ./node_modules
COPY --from=build /src/dist/client ./dist/client
COPY --from=build /src/dist/admin ./dist/admin
COPY --from=build /src/dist/node ./dist/node
# The commands an operator runs in the container (`docker exec <container> operator add …`):
# the same as `npm run operator|leads|backup`, from the built server.
COPY deploy/bin/ /usr/local/bin/
COPY deploy/healthcheck.js ./deploy/healthcheck.js

ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
USER site
VOLUME /data
EXPOSE 3000
# Node's own fetch, no curl: healthy while /api/health answers 200 (`ok` or `degraded`).
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 CMD ["node", "deploy/healthcheck.js"]
# SIGTERM: the server stops taking connections, finishes what is under way and exits within 10 s.
STOPSIGNAL SIGTERM
CMD ["node", "dist/node/server/main.js"]
