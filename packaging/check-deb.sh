#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 ParaPlan developers
# SPDX-License-Identifier: MIT
#
# Installs the package made by make-deb.sh into a fresh Debian 12 root (debootstrap, minbase) with
# apt, as a user would, and runs it there: paraplan-cli evaluate on the built-in scenario, the
# probe (host backend; its cuda plugin refusing to load without CUDA, naming the library), and the
# GUI's headless main job (paraplan --report). Needs root, debootstrap and the network to Debian's
# registry. ROOT=DIR reuses a root made earlier (it is modified: use a fresh one to check again).
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."
deb=$(readlink -f "$(ls build/deb/paraplan_*_amd64.deb)")
ROOT=${ROOT:-$(mktemp -d /tmp/paraplan-clean-root.XXXXXX)}
[ -x "$ROOT/usr/bin/apt-get" ] || debootstrap --variant=minbase bookworm "$ROOT" http://deb.debian.org/debian
cp "$deb" "$ROOT/tmp/"
cp /etc/resolv.conf "$ROOT/etc/resolv.conf"
mount -t proc proc "$ROOT/proc"
trap 'umount "$ROOT/proc"' EXIT
chroot "$ROOT" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 bash -euxc '
    apt-get update -q
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q ./tmp/'"${deb##*/}"'
    paraplan-cli --version; paraplan-probe --version; paraplan --version
    paraplan-cli evaluate | head -12
    # No CUDA here: the probe measures with the host backend, and asked for cuda says what is missing.
    paraplan-probe discover | head -4
    if dpkg -L paraplan | grep -q paraplan-cuda-backend.so; then
        ! paraplan-probe discover --backend cuda >/tmp/cuda.txt 2>&1
        grep -o "the cuda backend [^ ]* cannot be loaded ([^)]*)" /tmp/cuda.txt
    fi
    cd /tmp && QT_QPA_PLATFORM=offscreen paraplan --report /tmp/report | tail -5
    ls /tmp/report
    man -w paraplan-cli 2>/dev/null || ls /usr/share/man/man1/paraplan*
'
echo "check-deb: $deb installs and runs in a clean Debian 12 root ($ROOT)"
