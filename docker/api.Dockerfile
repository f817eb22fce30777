# REST API image. Build from the repository root:
#   docker build -f docker/api.Dockerfile -t bazaar-insight-api .
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/package.json
COPY api/package.json api/package.json
COPY bff/package.json bff/package.json
COPY web/package.json web/package.json
RUN npm ci --ignore-scripts
COPY tsconfig.base.json tsconfig.json ./
COPY shared shared
COPY api api
RUN npx tsc -b api

FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production API_HOST=0.0.0.0 API_PORT=8080 DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/package.json
COPY api/package.json api/package.json
COPY bff/package.json bff/package.json
COPY web/package.json web/package.json
RUN npm ci --omit=dev --ignore-scripts --workspace @bazaar/api --workspace @bazaar/shared && npm cache clean --force
COPY --from=build /app/shared/dist shared/dist
COPY --from=build /app/api/dist api/dist
COPY api/drizzle api/drizzle
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s CMD node -e "fetch('http://127.0.0.1:'+(process.env.API_PORT||8080)+'/ready').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "api/dist/server.js"]
