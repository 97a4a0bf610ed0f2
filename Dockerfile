# The Activity's page: the pinned npm packages (web/package-lock.json), built as
# scripts/build-activity builds them anywhere else.
FROM node:20-slim AS activity
WORKDIR /src
COPY web/package.json web/package-lock.json ./web/
COPY scripts/build-activity ./scripts/
RUN mkdir -p cogs/activity/static && bash scripts/build-activity

FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    DATABASE_PATH=/data/gamemaster.db \
    HEARTBEAT_PATH=/tmp/gamemaster.heartbeat

WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY games ./games
COPY cogs ./cogs
COPY --from=activity /src/cogs/activity/static/sdk ./cogs/activity/static/sdk
RUN pip install --no-cache-dir . \
    && useradd --create-home --uid 10001 gamemaster \
    && mkdir -p /data && chown gamemaster:gamemaster /data

USER gamemaster
VOLUME ["/data"]

# Healthy while the scheduler keeps ticking (it touches the heartbeat file every few seconds).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD python -c "import os,sys,time; p=os.environ['HEARTBEAT_PATH']; sys.exit(0 if os.path.exists(p) and time.time()-os.path.getmtime(p) < 90 else 1)"

ENTRYPOINT ["python", "-m", "bot"]
