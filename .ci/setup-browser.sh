#!/usr/bin/env bash
# Installs what the browser test (crates/grundy-cli/tests/serve_browser.rs) needs: Debian's
# chromium and chromium-driver. Idempotent and quiet: does nothing when both are there.
set -euo pipefail

if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1; then
    exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "setup-browser: chromium or chromedriver missing; run as root (apt-get)" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
apt-get install -y -qq chromium chromium-driver >/dev/null
command -v chromium >/dev/null && command -v chromedriver >/dev/null
