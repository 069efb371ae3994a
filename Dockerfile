# Production image for both processes: the API (default command) and the projection workers
# (`node --import tsx runtime/projections-worker.ts`). Built and run by docker-compose.yml.
FROM node:22-bookworm-slim AS build
WORKDIR /app
# argon2 compiles its native addon with node-gyp.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:22-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=4321 HOST=0.0.0.0
COPY --from=build /app /app
# DATA_DIR (.data): the embedded database, local secrets, uploads and the audit log's signed heads.
# Owned by the user the server runs as; a named volume mounted here starts with this ownership.
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 4321
CMD ["node", "--import", "tsx", "runtime/api-server.ts"]
