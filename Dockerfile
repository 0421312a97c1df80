# syntax=docker/dockerfile:1
# Production image: Node 24, non-root, production dependencies only, no Firebase emulator.
# Build: docker build -t nodeyard .   Run: see docs/operations.md (DATABASE_URL, S3_*, FIREBASE_PROJECT_ID).

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY astro.config.mjs tsconfig.json ./
COPY public ./public
COPY src ./src
RUN ASTRO_TELEMETRY_DISABLED=1 npx astro build

FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=4321 \
    API_PORT=8080 \
    DATA_DIR=/data \
    SEED_DEMO_DATA=false
WORKDIR /app
COPY --from=deps --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --chown=node:node package.json ./
COPY --chown=node:node src ./src
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 4321 8080
VOLUME ["/data"]
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM drains in-flight requests and jobs before exiting (src/server/serve.ts). A 32 MB young
# generation: docs/operations.md § 3.
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=32", "--external-memory-accounted-in-global-limit", "src/server/serve.ts"]
