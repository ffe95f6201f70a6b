#!/usr/bin/env bash
# Installs Debian's Chromium for the offline docs test (test/docs/offline-docs.test.ts),
# which drives /usr/bin/chromium through playwright-core. No-op when it is already there.
set -euo pipefail

CHROMIUM=/usr/bin/chromium

if [ -x "$CHROMIUM" ]; then
  echo "chromium: already installed ($("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM"))"
  exit 0
fi

# apt needs root; use sudo when CI runs as an unprivileged user.
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "chromium: $CHROMIUM is missing and installing it needs root (no sudo found)" >&2
    exit 1
  fi
fi

export DEBIAN_FRONTEND=noninteractive
echo "chromium: installing the Debian package"
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq chromium >/dev/null

if [ ! -x "$CHROMIUM" ]; then
  echo "chromium: the package installed but $CHROMIUM is still missing" >&2
  exit 1
fi
echo "chromium: installed ($("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM"))"
