#!/bin/sh
# Container entry point: runs the process APP names (set at run time, or by the image's build
# argument APP for a single-app image; 'all' means the image holds every app and one must be chosen).
set -eu
case "${APP:-}" in
  gateway) entry=dist/apps/gateway/src/server/main.js ;;
  content | offers | rates | leads | events) entry="dist/apps/${APP}/src/main.js" ;;
  kafka-topics) entry=deploy/kafka/create-topics.mjs ;;
  # Local stacks only (compose builds an image of it alone); it refuses NODE_ENV=production itself.
  partner-sandbox) entry=dist/apps/partner-sandbox/src/main.js ;;
  *)
    echo "APP must be one of gateway, content, offers, rates, leads, events, kafka-topics, partner-sandbox (got '${APP:-}'; an image built for all apps needs APP at run time)" >&2
    exit 64
    ;;
esac
# exec: node becomes PID 1 and receives SIGTERM itself, so the graceful shutdown runs.
exec node --enable-source-maps "$entry" "$@"
