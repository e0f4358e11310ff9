# kolscope: one image for every role (`start --role=all|api|worker`, and the CLI commands).
# Stages: build (every dependency, `npm run build`), prod-deps (the server's production
# dependencies only), runtime (the built app and those dependencies, as the `node` user).

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN NODE_ENV=production npm run build

FROM node:20-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
# The server bundle keeps its npm dependencies external (apps/server/build.mjs): only they are
# installed, and none of them needs an install script.
RUN npm ci --omit=dev --workspace @kolscope/server --ignore-scripts --no-audit --no-fund

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=prod-deps /app/package.json ./
COPY --from=prod-deps /app/apps/server/package.json ./apps/server/
COPY --from=prod-deps /app/packages/contract/package.json ./packages/contract/
# dist/cli.js is the whole server (contract bundled in); dist/weights the sentiment model's.
COPY --from=build /app/apps/server/dist ./apps/server/dist
# The server serves the web app from ../../web/dist beside its bundle.
COPY --from=build /app/apps/web/dist ./apps/web/dist
# Mail outbox (without SMTP_URL) and the embedded database (without DATABASE_URL).
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 8080
# No curl in slim images: node itself asks /healthz (an API process; the worker serves no HTTP,
# compose.yaml gives it a check of its own).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["node", "apps/server/dist/cli.js"]
CMD ["start"]
