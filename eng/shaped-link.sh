#!/usr/bin/env bash
# Runs a command inside a private network namespace whose loopback is shaped to RATE with tc tbf, so
# that hosts and clients the command starts talk over a slow link. Needs root; netem is not available.
#
#   eng/shaped-link.sh RATE -- COMMAND...     RATE: e.g. 100mbit, 20mbit, 500kbit
set -euo pipefail

rate=${1:-}
[[ $rate =~ ^[1-9][0-9]*(kbit|mbit|gbit)$ ]] || { echo "shaped-link: invalid RATE '$rate': allowed a whole number with kbit, mbit or gbit, e.g. 100mbit" >&2; exit 2; }
shift
[[ ${1:-} == -- ]] && shift
(($#)) || { echo "shaped-link: no command given (usage: eng/shaped-link.sh RATE -- COMMAND...)" >&2; exit 2; }

ns=grpcbench-$$
namespace=$(dirname "$0")/link-namespace.sh
trap '"$namespace" del "$ns" 2>/dev/null || true' EXIT
link=$("$namespace" add "$ns" "$rate")
# GRPCBENCH_LINK goes into every result's machine record.
ip netns exec "$ns" env GRPCBENCH_LINK="$link" "$@"
