#!/usr/bin/env bash
# The video tests probe real files with Debian's ffmpeg/ffprobe (never a downloaded binary). Installs it when missing
# and we are root; the app itself runs without it and then says which uploads may not play everywhere.
set -euo pipefail
if [ -x /usr/bin/ffprobe ] && [ -x /usr/bin/ffmpeg ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's ffmpeg for the video tests…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends ffmpeg >/dev/null
else
  echo "ffmpeg is missing: install Debian's 'ffmpeg' package (sudo apt-get install ffmpeg) and run again." >&2
  exit 1
fi
