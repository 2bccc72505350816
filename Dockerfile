# syntax=docker/dockerfile:1
# The app as one image: `docker build -t buckeye-holiday-lights .` (see README, Deployment).

# 1. Build: the web app (React Router) and the server bundle (esbuild), with every dependency.
FROM node:20-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Only what the server needs at run time: production dependencies (sharp's native library is
#    a package of its own for this platform, installed here).
FROM node:20-slim AS deps
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# 3. Run: the built app as the unprivileged `node` user, its data in the /data volume.
FROM node:20-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --chown=node:node package.json package-lock.json ./
COPY --chown=node:node drizzle ./drizzle
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Ready when the database and the file storage answer (GET /api/health); 503 while stopping.
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server drains on SIGTERM (SHUTDOWN_GRACE_MS) and exits by itself; node is PID 1 and handles it.
STOPSIGNAL SIGTERM
CMD ["node", "build/app-server/index.js"]
