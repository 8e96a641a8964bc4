# One image for every Python service; the Deployment's command picks the API, the worker or the migration.
FROM python:3.11-slim AS build
WORKDIR /app
COPY requirements.lock ./
RUN pip install --no-cache-dir -r requirements.lock
COPY services ./services
COPY proto ./proto
COPY tools ./tools
# Every project of the repository, as ./portal installs them: the kit, each service, the contracts, the stack tools.
RUN set -e; projects=""; \
    for project in services/*/ proto tools/*/; do \
      if [ -f "$project/pyproject.toml" ]; then projects="$projects -e $project"; fi; \
    done; \
    pip install --no-cache-dir --no-deps $projects && python -c "import site_service.main, auth_service.main, wallet_service.main, games_service.main, lottery_service.main, notifications_service.main, agent_contracts_service.main, points_service.main, portal_events"

FROM python:3.11-slim
RUN useradd --uid 10001 --create-home portal
COPY --from=build /usr/local /usr/local
COPY --from=build /app /app
WORKDIR /app
USER 10001
ENV PYTHONUNBUFFERED=1
