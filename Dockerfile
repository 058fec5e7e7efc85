# Patchbay image: one image, two roles.
#   API (default):  node api/src/main.ts      (serves the built console from web/dist)
#   Worker:         node workers/src/main.ts  (docker-compose.yml overrides the command)
# Node 24 runs the TypeScript sources directly (type stripping), so only the console is built.

ARG NODE_IMAGE=node:24.21.0-bookworm-slim

# ---- base: pinned npm plus a toolchain for native addons that lack a prebuilt binary ----
FROM ${NODE_IMAGE} AS base
# The npm that wrote package-lock.json; it honours package.json `allowScripts`.
ARG NPM_VERSION=11.19.1
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/* \
 && npm install -g npm@${NPM_VERSION}
WORKDIR /app
# Manifests only, so the dependency layers are cached until a manifest or the lockfile changes.
COPY package.json package-lock.json ./
COPY schema/package.json schema/
COPY catalog/package.json catalog/
COPY db/package.json db/
COPY runtime/package.json runtime/
COPY workflows/package.json workflows/
COPY generator/package.json generator/
COPY workers/package.json workers/
COPY api/package.json api/
COPY web/package.json web/

# ---- build: every dependency (Vite & co.) to build the console into web/dist ----
FROM base AS build
RUN npm ci
COPY . .
RUN npm run build -w web

# ---- prod-deps: runtime dependencies only, plus the sources ----
FROM base AS prod-deps
RUN npm ci --omit=dev
COPY . .

# ---- runtime: no compiler, no npm cache, not root ----
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    WEB_DIST_DIR=/app/web/dist
WORKDIR /app
# Files stay owned by root: the `node` user can read and run them, not rewrite them.
COPY --from=prod-deps /app ./
COPY --from=build /app/web/dist ./web/dist
USER node
EXPOSE 3000
CMD ["node", "api/src/main.ts"]
