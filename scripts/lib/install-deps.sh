#!/usr/bin/env bash
# Installs the Debian packages StrokeScope builds against, when they are missing.
# Sourced by run.sh and test.sh. As root it runs apt-get (after one `apt-get update`, which a
# fresh machine needs before its first install); otherwise it prints the exact command to run.
# Usage: install_deps [extra-package ...]

install_deps() {
    local needed=(libgif-dev libpng-dev libavformat-dev libavcodec-dev libswscale-dev libavutil-dev pkg-config "$@")
    local missing=()
    local pkg
    for pkg in "${needed[@]}"; do
        if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
            missing+=("$pkg")
        fi
    done
    if [ ${#missing[@]} -eq 0 ]; then
        return 0
    fi
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "error: missing packages (${missing[*]}) and no apt-get here; install the giflib, libpng and FFmpeg development files (macOS: brew install giflib libpng ffmpeg pkg-config)" >&2
        return 1
    fi
    if [ "$(id -u)" -ne 0 ]; then
        echo "error: missing packages: ${missing[*]}" >&2
        echo "run: sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
        return 1
    fi
    echo "installing ${missing[*]} ..." >&2
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
}
