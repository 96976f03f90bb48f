#!/usr/bin/env bash
# The same 20 MiB posted to the pinned Kestrel host by an independent HTTP/2 sender (h2load, not the bench's client):
# as one gRPC message (SendLargeData), as a client stream of 64 KiB gRPC messages (UploadChunks) and as a plain POST
# (the host's /probe/upload, no gRPC). Rounds interleave the three (A B C A B C ...); each measures the uploads/s h2load
# finished and the host's CPU per upload (from /proc over the measured uploads only, after a warm-up of its own).
# It tells how much of a difference the bench's advisor finds between the ways is the server's: the sender is the same.
#
#   eng/h2load-uploads.sh [runtime] [in-flight] [rounds] [uploads-per-round]     (defaults: net8.0 4 3 60)
#
# Needs h2load (Debian: apt-get install nghttp2-client) and python3. Host on CPU 1, h2load on CPU 0.
set -euo pipefail
runtime=${1:-net8.0} inflight=${2:-4} rounds=${3:-3} uploads=${4:-60}
[[ $runtime =~ ^net(8|9|10)\.0$ ]] || { echo "runtime: $runtime: allowed net8.0, net9.0, net10.0" >&2; exit 2; }
[[ $inflight =~ ^[1-9][0-9]?$ ]] || { echo "in-flight: $inflight: allowed 1-99" >&2; exit 2; }
[[ $rounds =~ ^[1-9]$ ]] || { echo "rounds: $rounds: allowed 1-9" >&2; exit 2; }
[[ $uploads =~ ^[1-9][0-9]{0,2}$ ]] || { echo "uploads-per-round: $uploads: allowed 1-999" >&2; exit 2; }
command -v h2load >/dev/null || { echo "h2load: not installed (Debian: apt-get install nghttp2-client)" >&2; exit 2; }

root=$(cd "$(dirname "$0")/.." && pwd)
dll=$root/src/GrpcBench.KestrelHost/bin/Release/$runtime/GrpcBench.KestrelHost.dll
[[ -f $dll ]] || dotnet build -c Release -f "$runtime" "$root/src/GrpcBench.KestrelHost" >/dev/null
work=$(mktemp -d)
host=
cleanup() { [[ -n $host ]] && kill "$host" 2>/dev/null && wait "$host" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT INT TERM

# gRPC frames: a flag byte, a 4-byte big-endian length, then the message (field 1, bytes: tag 0x0a, varint length, data).
python3 - "$work" <<'EOF'
import os, random, struct, sys
work, size, chunk = sys.argv[1], 20 * 1024 * 1024, 64 * 1024
data = random.Random(20_000_000).randbytes(size)
def varint(n):
    out = b""
    while True:
        out += bytes([(n & 0x7F) | (0x80 if n > 0x7F else 0)]); n >>= 7
        if not n: return out
def frame(payload):
    message = b"\x0a" + varint(len(payload)) + payload
    return b"\x00" + struct.pack(">I", len(message)) + message
open(os.path.join(work, "one"), "wb").write(frame(data))
open(os.path.join(work, "chunks"), "wb").write(b"".join(frame(data[i:i + chunk]) for i in range(0, size, chunk)))
open(os.path.join(work, "raw"), "wb").write(data)
EOF

# .NET 10 is the SDK's; .NET 8 and 9 run from the private root eng/provision-runtimes.sh lays out, as the bench does; no
# roll-forward (the app's own runtimeconfig: its major version, the latest patch), so a net8.0 host is .NET 8.
dotnet=dotnet
[[ $runtime == net10.0 ]] || dotnet=${GRPCBENCH_DOTNET_ROOT:-$root/.dotnet}/dotnet
[[ -x $dotnet ]] || bash "$root/eng/provision-runtimes.sh" "$runtime" >/dev/null
env -u DOTNET_ROLL_FORWARD DOTNET_ROOT=$(dirname "$dotnet") taskset -c 1 "$dotnet" "$dll" --MaxReceiveMessageSize 21037056 >"$work/ready" 2>"$work/host.err" &
host=$!
for _ in $(seq 100); do grep -q '"url"' "$work/ready" 2>/dev/null && break; sleep 0.2; done
url=$(python3 -c 'import json,sys; print(json.loads(open(sys.argv[1]).readline())["url"])' "$work/ready") \
    || { echo "the host did not start: $(head -c 300 "$work/host.err")" >&2; exit 1; }
runtime_reported=$(python3 -c 'import json,sys; r=json.loads(open(sys.argv[1]).readline()); print(r["runtime"])' "$work/ready")
echo "Kestrel host $runtime ($runtime_reported) at $url on CPU 1, pid $host; h2load $(h2load --version | awk '{print $2}') on CPU 0, 1 connection, $inflight in flight"

path() { case $1 in one) echo /example.ExampleService/SendLargeData ;; chunks) echo /grpcbench.records.RecordService/UploadChunks ;; raw) echo /probe/upload ;; esac; }
headers() { [[ $1 == raw ]] && echo "-H content-type:application/octet-stream" || echo "-H content-type:application/grpc -H te:trailers"; }
host_ticks() { awk '{print $14 + $15}' "/proc/$host/stat"; }
send() { # kind count: h2load's summary lines
    # shellcheck disable=SC2046
    # /usr/bin/time's last line: the sender's own CPU seconds (user, system), to tell a sender-bound round.
    /usr/bin/time -f "sender cpu %U %S" taskset -c 0 h2load -c 1 -m "$inflight" -n "$2" -d "$work/$1" $(headers "$1") "$url$(path "$1")" 2>&1
}

hz=$(getconf CLK_TCK)
# The warm-up: long enough for tiered compilation on the saturated host (the advisor warms its hosts for 12 s).
for kind in one chunks raw; do send "$kind" 80 >/dev/null; done
printf '| round | way | uploads ok | uploads/s | host CPU ms / upload | sender CPU ms / upload |\n|---|---|---|---|---|---|\n'
for round in $(seq "$rounds"); do
    for kind in one chunks raw; do
        before=$(host_ticks)
        out=$(send "$kind" "$uploads")
        after=$(host_ticks)
        ok=$(sed -n 's/.*requests: .* \([0-9]*\) succeeded.*/\1/p' <<<"$out")
        rate=$(sed -n 's/^finished in .*, \([0-9.]*\) req\/s.*/\1/p' <<<"$out")
        status=$(sed -n 's/^status codes: \([0-9]*\) 2xx.*/\1/p' <<<"$out")
        # A gRPC error is still HTTP 200: each successful call answers with a message of at least 5 bytes, an error with trailers alone.
        data=$(sed -n 's/^traffic: .* (\([0-9]*\)) data.*/\1/p' <<<"$out")
        [[ $kind == raw ]] || (( data >= 5 * uploads )) || { echo "round $round, $kind: $data bytes of responses for $uploads calls: some failed (grpc-status in the trailers)" >&2; exit 1; }
        [[ $ok == "$uploads" && $status == "$uploads" ]] || { echo "round $round, $kind: h2load says: $(grep -E 'requests:|status codes:' <<<"$out" | tr '\n' ' ')" >&2; exit 1; }
        cpu=$(awk -v t=$((after - before)) -v hz="$hz" -v n="$ok" 'BEGIN { printf "%.1f", 1000 * t / hz / n }')
        sender=$(awk -v n="$ok" '/^sender cpu/ { printf "%.1f", 1000 * ($3 + $4) / n }' <<<"$out")
        printf '| %s | %s | %s | %s | %s | %s |\n' "$round" "$kind" "$ok" "$rate" "$cpu" "$sender"
    done
done
