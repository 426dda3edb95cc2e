# One image for the API; it also serves the built SPA. Build context: the repository root.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY rules/package.json rules/
COPY api/package.json api/
COPY web/package.json web/
COPY e2e/package.json e2e/
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=4000
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/rules/package.json rules/
COPY --from=build /app/rules/dist rules/dist
COPY --from=build /app/api/package.json api/
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/api/dist api/dist
COPY --from=build /app/web/dist web/dist
COPY --from=build /app/schema schema
# The data folder (uploaded files, generated secrets): a volume shared by the replicas, written by the user 'node'.
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 4000
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:4000/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "api/dist/main.js"]
