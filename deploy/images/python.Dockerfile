# One image for every Python service; the Deployment's command picks the API, the worker or the migration.
FROM python:3.11-slim AS build
WORKDIR /app
COPY requirements.lock ./
RUN pip install --no-cache-dir -r requirements.lock
COPY services ./services
COPY proto ./proto
COPY tools ./tools
RUN pip install --no-cache-dir --no-deps -e services/kit -e services/site -e proto -e tools/stack

FROM python:3.11-slim
RUN useradd --uid 10001 --create-home portal
COPY --from=build /usr/local /usr/local
COPY --from=build /app /app
WORKDIR /app
USER 10001
ENV PYTHONUNBUFFERED=1
