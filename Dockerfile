# Sightline: the production server. Build: `docker build -t sightline .`
# Run:   docker run -p 8088:8088 -v sightline-var:/app/var sightline
# The server bootstraps at start (migrations, roles, admin user, examples warehouse), so the
# first start of a fresh volume takes longer; the admin password is printed once and kept in
# /app/var/admin-password.txt unless ADMIN_PASSWORD is set. Set SECRET_KEY (or keep the volume:
# a generated key lives in /app/var). DATABASE_URL=postgresql://... uses PostgreSQL instead of
# the SQLite file in /app/var.

# --- build: compilers for sqlite3's native module, dev dependencies for the Vite build ---
FROM node:20-bookworm-slim AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- runtime: same base image (the native module is ABI-compatible), no compilers ---
FROM node:20-bookworm-slim
WORKDIR /app
# Dependencies are kept whole: tsx and the admin scripts (npm run create-admin, db:migrate,
# load-examples) run from this image too.
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /app/var && chown node:node /app/var
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8088 \
    VAR_DIR=/app/var
USER node
VOLUME /app/var
EXPOSE 8088
HEALTHCHECK --interval=30s --timeout=5s --start-period=300s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8088) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server.mjs"]
