#!/usr/bin/env bash
# The proxy test runs Debian's nginx with deploy/nginx.conf. Installs it when missing and we are root; the
# package's service is not started (the test starts its own nginx on free ports).
set -euo pipefail
if [ -x /usr/sbin/nginx ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's nginx for the proxy test…"
  export DEBIAN_FRONTEND=noninteractive
  # policy-rc.d answering 101 keeps the package's post-install from starting nginx on port 80.
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d
    chmod +x /usr/sbin/policy-rc.d
    trap 'rm -f /usr/sbin/policy-rc.d' EXIT
  fi
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends nginx-light >/dev/null
else
  echo "nginx is missing: install Debian's 'nginx-light' package (sudo apt-get install nginx-light) and run again." >&2
  exit 1
fi
