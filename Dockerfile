# Build: compile better-sqlite3 (python3, make and g++ for node-gyp), the client and the server, then drop the
# development dependencies so only what runs is copied on.
FROM node:20-bookworm-slim AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# Run: the built app and its production dependencies on the same Debian and Node as the build (better-sqlite3's
# compiled module must match both), no compiler, no shell tools it does not need.
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/app/data
WORKDIR /app
# The code stays root's and read-only to the app; only the data folder is the app's to write.
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
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
