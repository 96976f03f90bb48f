#!/usr/bin/env bash
# The shaped link, in one place: a private network namespace whose loopback tc tbf limits to RATE.
# eng/shaped-link.sh and the load tool's --link both use it. Needs root; netem is not available.
#
#   eng/link-namespace.sh add NAME RATE    creates it and prints the link as results record it
#   eng/link-namespace.sh del NAME         deletes it (its processes keep it until they exit)
set -euo pipefail

case ${1:-} in
  add)
    name=${2:?name} rate=${3:-}
    [[ $rate =~ ^[1-9][0-9]*(kbit|mbit|gbit)$ ]] || { echo "link-namespace: invalid RATE '$rate': allowed a whole number with kbit, mbit or gbit, e.g. 100mbit" >&2; exit 2; }
    ip netns add "$name"
    if ! { ip -n "$name" link set lo up && tc -n "$name" qdisc add dev lo root tbf rate "$rate" burst 256kb latency 50ms; }; then
      ip netns del "$name"
      exit 1
    fi
    echo "loopback shaped to $rate (tc tbf, burst 256kb)"
    ;;
  del)
    ip netns del "${2:?name}"
    ;;
  *)
    echo "link-namespace: usage: eng/link-namespace.sh add NAME RATE | del NAME" >&2
    exit 2
    ;;
esac
