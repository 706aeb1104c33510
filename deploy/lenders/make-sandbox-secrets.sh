#!/bin/sh
# Makes the lender secrets of the compose stack: one random secret (32 bytes as 64 hex digits, as
# `openssl rand -hex 32` makes a real lender's) for every lender of lender-delivery.sandbox.json,
# as LENDER_SECRET_<NAME>=<hex> lines in deploy/lenders/.sandbox-secrets.env, which
# docker-compose.yml gives to the leads and partner-sandbox services (env_file). The file is
# gitignored and kept out of the image's build context: secrets never enter the repository.
#
#   ./deploy/lenders/make-sandbox-secrets.sh            once, before `docker compose up`
#   ./deploy/lenders/make-sandbox-secrets.sh [FILE]     write FILE instead (compose reads it when
#                                                       LENDER_SECRETS_ENV_FILE=FILE is set)
#
# Run again, it keeps the secrets already in the file and adds one for any lender the sandbox
# file gained since; delete the file to make all of them new (then restart leads and
# partner-sandbox together, which read it at start). Needs only sh, sed and /dev/urandom.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
lenders="$here/lender-delivery.sandbox.json"
out=${1:-"$here/.sandbox-secrets.env"}

names=$(sed -n 's/.*"secretEnv"[[:space:]]*:[[:space:]]*"\([A-Z][A-Z0-9_]*\)".*/\1/p' "$lenders")
if [ -z "$names" ]; then
  echo "make-sandbox-secrets: no secretEnv found in $lenders" >&2
  exit 1
fi

# Only the owner may read what is written here.
umask 077
if [ ! -f "$out" ]; then
  printf '# Lender secrets of the local compose stack (deploy/lenders/make-sandbox-secrets.sh); never commit.\n' >"$out"
fi

added=0
kept=0
for name in $names; do
  if grep -q "^$name=" "$out"; then
    kept=$((kept + 1))
    continue
  fi
  secret=$(od -An -tx1 -N32 /dev/urandom | tr -d ' \n')
  printf '%s=%s\n' "$name" "$secret" >>"$out"
  added=$((added + 1))
done
echo "make-sandbox-secrets: $out: $added secret(s) made, $kept kept"
