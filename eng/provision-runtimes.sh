#!/usr/bin/env bash
# Assembles a private dotnet root: the system .NET SDK install plus the .NET shared runtimes
# (Microsoft.NETCore.App + Microsoft.AspNetCore.App) it lacks, laid out from the runtime packs
# (restored with NuGet as configured here) exactly as an installer would lay them out.
# No root rights needed; idempotent.
#
#   eng/provision-runtimes.sh [--root DIR] [--allow-missing] [RUNTIME...]   RUNTIME: net6.0 net8.0 net9.0 net10.0 net11.0 (default: all)
#
# The bench finds the root by itself (GRPCBENCH_DOTNET_ROOT overrides it); to run something else on
# a provisioned runtime by hand: DOTNET_ROOT=<root> <root>/dotnet app.dll
# Env:   PROVISION_NET8_VERSION=8.0.31 (any major: PROVISION_NET<major>_VERSION) overrides the pinned version
#        SYSTEM_DOTNET_ROOT     the install to build on (default: the one `dotnet` on PATH belongs to)
set -euo pipefail

say() { echo "provision-runtimes: $*"; }
die() { say "$*" >&2; exit 2; }

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/.dotnet"
allow_missing=0
runtimes=()
while (($#)); do
  case $1 in
    --root) root=${2:?--root needs a directory}; shift ;;
    --allow-missing) allow_missing=1 ;;
    -h|--help) sed -n '2,12s/^# \{0,1\}//p' "$0"; exit 0 ;;
    net[0-9]*.0) runtimes+=("$1") ;;
    *) die "unknown argument '$1' (try --help)" ;;
  esac
  shift
done
((${#runtimes[@]})) || runtimes=(net6.0 net8.0 net9.0 net10.0 net11.0)

# Pinned for reproducible roots; a runtime without a pin comes from the system install.
declare -A pinned=([6]=6.0.36 [8]=8.0.33 [9]=9.0.22 [11]=11.0.0)
case $(uname -m) in x86_64) rid=linux-x64 ;; aarch64) rid=linux-arm64 ;; *) die "unsupported machine $(uname -m)" ;; esac
frameworks=(Microsoft.NETCore.App Microsoft.AspNetCore.App)

mkdir -p "$root/shared"
root=$(cd "$root" && pwd -P)
# Two processes may ask at once (parallel tests, a tool and a test): one provisions, the other waits for it.
exec 9>"$root/.provision.lock"
flock 9
sys=${SYSTEM_DOTNET_ROOT:-}
if [[ -z $sys ]]; then
  dotnet=$(command -v dotnet) || die "no dotnet on PATH; set SYSTEM_DOTNET_ROOT"
  sys=$(dirname "$(readlink -f "$dotnet")")
  # The private root itself is on PATH (re-run): its host/ links back to the system install.
  [[ $sys -ef $root ]] && sys=$(dirname "$(readlink "$root/host")")
fi
[[ -x $sys/dotnet && -d $sys/sdk && ! $sys -ef $root ]] || die "$sys is not a .NET SDK install; set SYSTEM_DOTNET_ROOT"

# --- 1. mirror the system install ---------------------------------------------------------
# The dotnet muxer and the SDK both take their own symlink-resolved location as the dotnet root
# (the SDK exports it as DOTNET_ROOT_X64 to apps launched by `dotnet run`/`dotnet test`), so the
# top-level files and sdk/<version> are real copies. Everything else is symlinked, shared/<fw>/<version>
# one by one so that the runtimes provisioned below can sit next to the system ones.
link() { # <target> <name>; leaves real files and directories alone
  [[ -L $2 || ! -e $2 ]] || return 0
  [[ $(readlink "$2") == "$1" ]] || ln -sfn "$1" "$2"
}
for src in "$sys"/*; do
  name=${src##*/}
  if [[ $name == shared || $name == sdk ]]; then continue
  elif [[ -f $src ]]; then cmp -s "$src" "$root/$name" || cp -p "$src" "$root/$name"
  else link "$src" "$root/$name"; fi
done
mkdir -p "$root/sdk"
for v in "$sys"/sdk/*/; do
  v=${v%/}
  [[ -d $root/sdk/${v##*/} ]] && continue
  rm -rf "$root/sdk/.tmp" && mkdir "$root/sdk/.tmp"
  cp -a --reflink=auto "$v/." "$root/sdk/.tmp" && mv "$root/sdk/.tmp" "$root/sdk/${v##*/}"
done
for v in "$root"/sdk/*/; do v=${v%/}; [[ -d $sys/sdk/${v##*/} ]] || rm -rf "$v"; done  # SDKs the system dropped
for v in "$sys"/shared/*/*/; do
  v=${v%/}; fw=$(basename "${v%/*}")
  mkdir -p "$root/shared/$fw"
  link "$v" "$root/shared/$fw/${v##*/}"
done
find "$root" "$root/shared" -maxdepth 2 -xtype l -delete   # links left dangling by a system update

# --- 2. shared runtimes from the runtime packs ----------------------------------------------
newest() { ls "$1" 2>/dev/null | grep -E "^$2\.0\.[0-9]+$" | sort -V | tail -1 || true; }

restore() { # <version>: restores both runtime packs into the global packages folder; prints that folder
  local tmp fw
  tmp=$(mktemp -d)   # outside the repo: its Directory.*.props/targets (central package management) must not apply
  {
    echo '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net10.0</TargetFramework></PropertyGroup><ItemGroup>'
    for fw in "${frameworks[@]}"; do echo "<PackageDownload Include=\"$fw.Runtime.$rid\" Version=\"[$1]\" />"; done
    echo '</ItemGroup></Project>'
  } >"$tmp/runtime-packs.proj"
  # One failed pack does not stop NuGet extracting the other; provision() tells which ones are there.
  if ! (cd "$tmp" && "$sys/dotnet" restore -nologo -v q runtime-packs.proj >restore.log 2>&1) &&
     grep -v 'error NU110[12]' "$tmp/restore.log" | grep -q ': error '; then
    cat "$tmp/restore.log" >&2; die "restoring the $1 runtime packs failed"
  fi
  (cd "$tmp" && "$sys/dotnet" nuget locals global-packages --list) | sed -n 's/^global-packages: //p'
  rm -rf "$tmp"
}

provision() { # <framework> <version> <major> <package folder>: lays out shared/<framework>/<version> from its runtime pack
  local fw=$1 ver=$2 major=$3 pkg tmp
  pkg=$4/$(tr A-Z a-z <<<"$fw.Runtime.$rid")/$ver
  [[ -f $pkg/.nupkg.metadata ]] || return 1
  tmp=$(mktemp -d "$root/shared/.tmp.XXXXXX")
  cp -r "$pkg/runtimes/$rid/lib/net$major.0/." "$tmp/"
  [[ ! -d $pkg/runtimes/$rid/native ]] || cp -r "$pkg/runtimes/$rid/native/." "$tmp/"
  rm -f "$tmp/libhostfxr.so"                   # installers put hostfxr in host/fxr, not here
  cp "$pkg/$fw.versions.txt" "$tmp/.version"   # what an installed framework carries
  chmod 644 "$tmp"/* "$tmp/.version"           # package files carry no sensible modes
  chmod 755 "$tmp" "$tmp"/*.so "$tmp"/createdump 2>/dev/null || true
  echo "$fw.Runtime.$rid $ver (NuGet package)" >"$tmp/.provisioned"
  rm -rf "$root/shared/$fw/$ver"
  mkdir -p "$root/shared/$fw" && mv "$tmp" "$root/shared/$fw/$ver"
}

missing=()
for tfm in "${runtimes[@]}"; do
  major=${tfm#net}; major=${major%.0}
  pin_var=PROVISION_NET${major}_VERSION; ver=${!pin_var:-${pinned[$major]:-}}
  if [[ -z $ver ]]; then
    core=$(newest "$sys/shared/${frameworks[0]}" "$major"); asp=$(newest "$sys/shared/${frameworks[1]}" "$major")
    if [[ -n $core && -n $asp ]]; then say "$tfm: ${frameworks[0]} $core, ${frameworks[1]} $asp (system runtime, from $sys)"
    else say "$tfm: the system install lacks it and no version is pinned; set $pin_var" >&2; missing+=("$tfm"); fi
    continue
  fi
  state="already provisioned" packages= absent=()
  for fw in "${frameworks[@]}"; do
    [[ -f $root/shared/$fw/$ver/.provisioned ]] && continue
    packages=${packages:-$(restore "$ver")}   # one restore per version covers both packs
    provision "$fw" "$ver" "$major" "$packages" && state="installed from the package feed" || absent+=("$fw.Runtime.$rid $ver")
  done
  if ((${#absent[@]})); then
    say "$tfm: the package feed does not serve ${absent[0]}${absent[1]:+ (nor ${absent[1]})}; .NET $major cannot be provisioned here" >&2
    missing+=("$tfm"); continue
  fi
  say "$tfm: ${frameworks[0]} $ver, ${frameworks[1]} $ver ($state)"
done

say "root $root ready (the bench uses it by itself; by hand: DOTNET_ROOT=$root $root/dotnet app.dll)"
if ((${#missing[@]})); then
  say "could not provision: ${missing[*]}" >&2
  ((allow_missing)) || exit 1
fi
