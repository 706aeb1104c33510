#!/bin/sh
# Container entry point: one image runs every process of the stack, chosen by APP.
set -eu
case "${APP:-}" in
  gateway) entry=dist/apps/gateway/src/server/main.js ;;
  content | offers | rates | leads | events) entry="dist/apps/${APP}/src/main.js" ;;
  kafka-topics) entry=deploy/kafka/create-topics.mjs ;;
  *)
    echo "APP must be one of gateway, content, offers, rates, leads, events, kafka-topics (got '${APP:-}')" >&2
    exit 64
    ;;
esac
# exec: node becomes PID 1 and receives SIGTERM itself, so the graceful shutdown runs.
exec node --enable-source-maps "$entry" "$@"
