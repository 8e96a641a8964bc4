# The web pod: the static server (portal_stack.static) and every web build it serves, laid out as in the
# repository (portal_stack finds the repository four folders above its services.py: /app).
FROM node:20-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY web-shell ./web-shell
COPY web-remotes ./web-remotes
RUN npm ci && npm run build --workspaces --if-present
# A build missing here (a workspace not listed in package.json, a failed build) fails the image, not the page.
RUN test -f web-shell/dist/index.html \
    && test -f web-remotes/member-centre/dist/remoteEntry.js \
    && test -f web-remotes/agent-centre/dist/remoteEntry.js \
    && test -f web-remotes/ops-console/dist/index.html \
    && test -f web-remotes/ops-console/dist/remoteEntry.js

FROM python:3.11-slim
RUN useradd --uid 10001 portal && pip install --no-cache-dir starlette uvicorn[standard]
COPY tools/stack/src/portal_stack /app/tools/stack/src/portal_stack
COPY --from=build /app/web-shell/dist /app/web-shell/dist
# The member site's remotes (listed in /remotes.json, served under /remotes/<name>/).
COPY --from=build /app/web-remotes/member-centre/dist /app/web-remotes/member-centre/dist
COPY --from=build /app/web-remotes/agent-centre/dist /app/web-remotes/agent-centre/dist
# The operators' console: its own page at /ops/ (the ingress answers it only from the ops address ranges).
COPY --from=build /app/web-remotes/ops-console/dist /app/web-remotes/ops-console/dist
WORKDIR /app
USER 10001
ENV PYTHONPATH=/app/tools/stack/src \
    PORTAL_WEB_SHELL_DIST=/app/web-shell/dist \
    PORTAL_OPS_CONSOLE_DIST=/app/web-remotes/ops-console/dist
