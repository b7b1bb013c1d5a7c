# Production dependencies: only what package.json lists under "dependencies", with better-sqlite3 compiled for this
# Debian and Node (python3, make and g++ for node-gyp). deploy/prune-node-modules.mjs then removes what npm keeps
# although no production code loads it (development packages that are also optional peers of production ones:
# TypeScript, Babel and their kin), and only the compiled module of better-sqlite3 is kept, not its C sources or the
# compiler's intermediate files.
FROM node:20-bookworm-slim AS deps
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json deploy/prune-node-modules.mjs ./
RUN npm ci --omit=dev --no-audit --no-fund \
 && node prune-node-modules.mjs && rm prune-node-modules.mjs \
 && cd node_modules/better-sqlite3 \
 && test -f build/Release/better_sqlite3.node \
 && find build -mindepth 1 -not -path build/Release -not -path build/Release/better_sqlite3.node -delete \
 && rm -rf deps src binding.gyp /root/.npm /tmp/*

# Build: the client and the server from the sources, with every development dependency. Nothing here is compiled
# natively (the build never opens a database), so the install runs no package scripts.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build && find dist -name '*.map' -delete

# Run: the built app and its production dependencies on the same Debian and Node as the build (better-sqlite3's
# compiled module must match both); no compiler, no sources, no tests, no build tools.
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/app/data
WORKDIR /app
# The code stays root's and read-only to the app; only the data folder is the app's to write.
COPY --from=deps /app/package.json ./
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# Made before VOLUME so a new named volume starts owned by node (a bind mount keeps the host folder's owner: it
# must be writable by uid 1000, or the server refuses to start with one line naming DATA_DIR).
RUN mkdir -p /app/data && chown node:node /app/data
USER node
# The SQLite file (runningdinner.sqlite) and, without SMTP_URL, the mail outbox (mails/) live here.
VOLUME /app/data
EXPOSE 8080
# The slim image has no curl: Node's own fetch asks /healthz, which answers 200 only while the database does.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz',{signal:AbortSignal.timeout(4000)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node is PID 1 (exec form, no shell in between), so it gets the signal itself: on SIGTERM it answers the requests
# already sent, puts mail in flight back in the queue and exits within 8 s, inside docker stop's default 10 s.
STOPSIGNAL SIGTERM
CMD ["node", "dist/server/main.js"]
