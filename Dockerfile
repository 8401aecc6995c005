# The site's image: built with the dev dependencies, run with the production ones only, on Node.js 24
# LTS from the official Node.js image. Docker and Podman build it the same:
#
#   docker build -t agency-site .          podman build --format docker -t agency-site .
#
# (Podman's default OCI format has no HEALTHCHECK; `--format docker` keeps it.) Deploying it:
# docs/operating.md, "Deploying".

# The official Node.js image of the project's line (.nvmrc), on Debian trixie; node:24-bookworm-slim
# works too. Node, npm and Node's own headers live under /usr/local there.
ARG BASE=node:24-trixie-slim

# ---- build: install everything, build the pages and the server, then keep the production dependencies
FROM ${BASE} AS build
ENV npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false
WORKDIR /src
# .npmrc: engine-strict, so a base image with an older Node fails here with npm's own message.
COPY package.json package-lock.json .npmrc ./
# Behind a proxy that intercepts TLS (a company network), give the build its certificate authorities,
# used by npm in this stage only and never copied into the image:
#   --secret id=ca_certificates,src=/etc/ssl/certs/ca-certificates.crt
# No install script runs (package.json `allowScripts`, and `--ignore-scripts` for an npm that does not
# read it): better-sqlite3 ships its Node-API binaries in its npm package, so nothing is compiled and
# the stage needs no compiler.
RUN --mount=type=secret,id=ca_certificates,required=false \
    if [ -f /run/secrets/ca_certificates ]; then export npm_config_cafile=/run/secrets/ca_certificates; fi \
 && node --version && npm --version \
 && npm ci --ignore-scripts
COPY . .
# Then only what the server loads: the production dependencies, without better-sqlite3's C sources
# and its binaries for other systems (the one for this image's system and processor stays), nor the
# dependencies' own tests and benchmarks, source maps, TypeScript sources and declarations, and readmes.
RUN npm run build \
 && npm prune --omit=dev --offline \
 && rm -rf node_modules/better-sqlite3/deps node_modules/better-sqlite3/src node_modules/better-sqlite3/build \
 && find node_modules/better-sqlite3/prebuilds -type f ! -name "linux-$(node -p process.arch).node" -delete \
 && find node_modules -depth -type d \( -name test -o -name tests -o -name __tests__ -o -name benchmark -o -name benchmarks -o -name bench -o -name .github \) -exec rm -rf {} + \
 && find node_modules dist -type f \( -name '*.test.js' -o -name '*.spec.js' -o -name 'bench.js' -o -name 'benchmark.js' -o -name '*.map' -o -name '*.ts' -o -name '*.md' -o -name '*.markdown' \) -delete

# ---- run
FROM ${BASE}
# The server needs only `node`: the package managers the base image carries (npm, npx, corepack,
# yarn) are removed, and with them what an intruder could install with. Node's own certificate
# authorities serve its outgoing TLS (NODE_EXTRA_CA_CERTS adds a company's).
RUN rm -rf /usr/local/lib/node_modules /usr/local/bin/npm /usr/local/bin/npx /usr/local/bin/corepack \
           /usr/local/bin/yarn /usr/local/bin/yarnpkg /opt/yarn-* \
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
