#!/usr/bin/env bash
# Follows docs/your-service.md word for word: runs each command of its bash blocks, in order, from the repository's root,
# then checks what the load tool wrote: every configuration ok, every call of every method succeeded (at capacity, for a
# capacity search), the runs on both runtimes and both hosts, and the report naming the sample's methods. CI runs it on a
# fresh clone (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."

mapfile -t commands < <(awk '/^```bash$/ { inside = 1; next } inside && /^```$/ { inside = 0; next } inside { print }' docs/your-service.md)
((${#commands[@]} > 0)) || { echo "your-service: docs/your-service.md has no bash block"; exit 1; }
mkdir -p results
before=$(ls results)
for command in "${commands[@]}"; do
  echo "your-service: \$ $command"
  bash -c "$command"
done

new_folders=$(comm -13 <(echo "$before" | sort) <(ls results | sort))
[[ $(echo "$new_folders" | grep -c .) -ge 3 ]] || { echo "your-service: expected three results folders (seed, capacity, advise), found: $new_folders"; exit 1; }
for folder in $new_folders; do
  python3 - "results/$folder" <<'PY'
import json, sys
folder = sys.argv[1]
summary = json.load(open(f"{folder}/summary.json"))
methods = [m["name"] for m in summary["service"]["methods"]]
# advise's saturated runs and capacity searches push past what holds, where calls may fail: each need only have run ok.
strict = summary["preset"] != "advise"
problems = [f"{c['configuration']['server']}/{c['configuration']['client']} {c['configuration']['hostRuntime']}: {what}"
            for c in summary["configurations"]
            for what in ([f"status {c['status']}: {c.get('reason')}"] if c["status"] != "ok" else [])
            + [f"{s['name']} {s['ok']} ok, {s['failed']} failed" for s in c["scenarios"] if strict and (s["ok"] == 0 or s["failed"] > 0)]]
report = open(f"{folder}/advice/advice.md" if summary["preset"] == "advise" else f"{folder}/report.md").read()
problems += [f"report.md does not name {m}" for m in methods if m not in report]
runtimes = sorted({c["configuration"]["hostRuntime"] for c in summary["configurations"]})
servers = sorted({c["configuration"]["server"] for c in summary["configurations"]})
# capacity on both runtimes and both hosts; advise (one runtime in the page, to keep CI short) on both hosts.
if summary["preset"] == "capacity" and (runtimes != ["net10.0", "net8.0"] or servers != ["grpc-core", "kestrel"]):
    problems.append(f"capacity ran on {runtimes} and {servers}, not both runtimes and both hosts")
if summary["preset"] == "advise" and servers != ["grpc-core", "kestrel"]:
    problems.append(f"advise ran on {servers}, not both hosts")
if not summary["configurations"] or problems:
    sys.exit(f"your-service: {folder} ({summary['preset']}):\n  " + "\n  ".join(problems or ["no configuration"]))
print(f"your-service: {folder} ({summary['preset']}): {len(summary['configurations'])} configurations, methods {', '.join(methods)}, every configuration ok")
PY
done
