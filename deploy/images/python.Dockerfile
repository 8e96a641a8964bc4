# One image for every Python service; the Deployment's command picks the API, the worker or the migration.
# It installs the runtime lock only (requirements-runtime.lock, the subset of requirements.lock the services need):
# no browsers, embedded servers, linters or test tools.
FROM python:3.11-slim AS build
WORKDIR /app
COPY requirements-runtime.lock ./
RUN pip install --no-cache-dir -r requirements-runtime.lock
COPY services ./services
COPY proto ./proto
COPY tools ./tools
# Every project of the repository, as ./portal installs them: the kit, each service, the contracts, the stack tools.
RUN set -e; projects=""; \
    for project in services/*/ proto tools/*/; do \
      if [ -f "$project/pyproject.toml" ]; then projects="$projects -e $project"; fi; \
    done; \
    pip install --no-cache-dir --no-deps $projects && python -c "import uvloop, httptools, portal_stack.migrate, portal_stack.unavailable, site_service.main, site_service.worker, auth_service.main, auth_service.worker, wallet_service.main, wallet_service.worker, games_service.main, games_service.worker, lottery_service.main, lottery_service.worker, notifications_service.main, notifications_service.worker, agent_contracts_service.main, agent_contracts_service.worker, points_service.main, points_service.worker, portal_events"

FROM python:3.11-slim
RUN useradd --uid 10001 --create-home portal
COPY --from=build /usr/local /usr/local
COPY --from=build /app /app
WORKDIR /app
USER 10001
ENV PYTHONUNBUFFERED=1
