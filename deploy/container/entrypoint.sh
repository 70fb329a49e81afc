#!/bin/sh
# The container's entrypoint (deploy/container/Containerfile): refuses to run as root, checks that the data
# folder (the volume) is writable, then runs what `npm start` runs, as PID 1's only child: scripts/start.mjs
# applies the migrations, makes sure the studio owner exists (OWNER_EMAIL, OWNER_PASSWORD), and serves.
# A first argument names one of the operator's scripts instead, run against the same data folder:
#   backup | restore | superuser | reset-owner-password   (e.g. `podman exec studio-gallery-app backup`)
set -eu
APP_DIR="${APP_DIR:-/app}"
DATA_DIR="${DATA_DIR:-/data}"
export DATA_DIR

if [ "$(id -u)" = "0" ]; then
  echo "Studio Gallery does not run as root in its container: start it as its own user (the image's default) or pass --user with an unprivileged id." >&2
  exit 64
fi
if ! mkdir -p "$DATA_DIR" 2>/dev/null || [ ! -w "$DATA_DIR" ]; then
  echo "The data folder $DATA_DIR is not writable by user $(id -u): give the volume to that user (chown -R $(id -u):$(id -g) on the host's folder), or use a named volume." >&2
  exit 73
fi

case "${1:-}" in
  "") exec node "$APP_DIR/scripts/start.mjs" ;;
  backup|restore|superuser|reset-owner-password)
    script="$1"
    shift
    exec node "$APP_DIR/scripts/$script.mjs" "$@" ;;
  *)
    echo "Unknown command: $1 (none starts the server; or backup, restore, superuser, reset-owner-password)." >&2
    exit 64 ;;
esac
