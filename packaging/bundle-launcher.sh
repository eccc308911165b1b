#!/bin/sh
# SPDX-FileCopyrightText: 2026 ParaPlan developers
# SPDX-License-Identifier: MIT
#
# bin/NAME of packaging/gpu-bundle.sh's bundle: runs libexec/NAME through the bundle's own loader
# and C library, since the device's glibc may be older than the build machine's. The loader's
# --library-path rather than LD_LIBRARY_PATH, which the device's own programs (PyTorch) would
# inherit. gpu-check.sh sets BUNDLE_LIBRARY_PATH: the libraries it unpacked, and CUDA's.
bundle=${0%/*}/..
exec "$bundle/lib/ld-linux-x86-64.so.2" --library-path "$bundle/lib${BUNDLE_LIBRARY_PATH:+:$BUNDLE_LIBRARY_PATH}" \
    "$bundle/libexec/${0##*/}" "$@"
