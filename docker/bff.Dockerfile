# BFF image (GraphQL + the built web app). Build from the repository root:
#   docker build -f docker/bff.Dockerfile -t bazaar-insight-bff .
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/package.json
COPY api/package.json api/package.json
COPY bff/package.json bff/package.json
COPY web/package.json web/package.json
RUN npm ci --ignore-scripts
COPY tsconfig.base.json tsconfig.json ./
COPY schema schema
COPY shared shared
COPY bff bff
COPY web web
RUN npx tsc -b bff && npm run build -w @bazaar/web

FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=4000
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/package.json
COPY api/package.json api/package.json
COPY bff/package.json bff/package.json
COPY web/package.json web/package.json
RUN npm ci --omit=dev --ignore-scripts --workspace @bazaar/bff --workspace @bazaar/shared && npm cache clean --force
COPY schema schema
COPY --from=build /app/shared/dist shared/dist
COPY --from=build /app/bff/dist bff/dist
COPY --from=build /app/web/dist web/dist
USER node
EXPOSE 4000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||4000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "bff/dist/server.js"]
