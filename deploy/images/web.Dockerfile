FROM node:20-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY web-shell ./web-shell
RUN npm ci && npm run build --workspaces --if-present

FROM python:3.11-slim
RUN useradd --uid 10001 portal && pip install --no-cache-dir starlette uvicorn[standard]
COPY tools/stack/src/portal_stack /app/portal_stack
COPY --from=build /app/web-shell/dist /app/web-shell/dist
WORKDIR /app
USER 10001
ENV PORTAL_WEB_SHELL_DIST=/app/web-shell/dist
