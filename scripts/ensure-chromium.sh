#!/usr/bin/env bash
# Playwright drives Debian's Chromium (never a downloaded browser). Installs it when missing and we are root.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium for the browser tests…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
else
  echo "Chromium is missing: install Debian's 'chromium' package (sudo apt-get install chromium) and run again." >&2
  exit 1
fi
