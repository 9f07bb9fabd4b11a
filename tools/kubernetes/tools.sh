#!/usr/bin/env bash
# Provides what HelmChartTest and deploy/helm/render.sh need, built or fetched once into a cache
# folder and reused from there (offline once cached):
#   helm         v3.22.0, built from the Go module helm.sh/helm/v3
#   kubeconform  v0.7.0, built from the Go module github.com/yannh/kubeconform
#   schemas      Kubernetes' JSON schemas (strict variants) for the versions in KUBERNETES_VERSIONS,
#                unpacked from the PyPI wheel kubernetes-validate (schemas-requirements.txt, hash-pinned)
#
#   tools/kubernetes/tools.sh     prints helm=PATH, kubeconform=PATH, schemas=DIR, kubernetes=VERSIONS
#                                 exit 0: ready; 3: no go command (or no pip) here; 1: a step failed
#
# The cache is $MQBENCH_TOOLS_CACHE, else ~/.cache/mqbench/tools; each tool has a folder named by
# its version, so a version bump builds anew and never reuses an old binary. GOFLAGS and
# GOTOOLCHAIN are fixed as in tools/promlint/build.sh. Progress and errors go to stderr.
#
# kubeconform reads schemas from a local path template, but kubernetes-validate's schemas refer
# to one shared file by an absolute URL ("$ref": "/api/_definitions.json#...", under
# "$id": "https://kubernetes.io/api/..."), which kubeconform would download. Its HTTP loader looks
# in its -cache folder first, under the SHA-256 of the URL: refs-vX.Y.Z-strict/ is that cache,
# holding the version's _definitions.json, so nothing is downloaded. kubeconform_args (below)
# gives the flags.
set -uo pipefail
HELM_VERSION=v3.22.0
KUBECONFORM_VERSION=v0.7.0
KUBERNETES_VERSIONS="1.30.0 1.37.0"
DEFINITIONS_URL="https://kubernetes.io/api/_definitions.json"

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cache="${MQBENCH_TOOLS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/mqbench/tools}"
mkdir -p "$cache" || exit 1
cache="$(cd "$cache" && pwd)"

go_cmd="$(command -v go || true)"
if [ -z "$go_cmd" ] && [ -x /usr/local/go/bin/go ]; then go_cmd=/usr/local/go/bin/go; fi

# go install MODULE/cmd/NAME@VERSION into $cache/NAME-VERSION/, unless already there.
go_tool() {
  local name="$1" package="$2" version="$3" dir="$cache/$1-$3"
  if [ -x "$dir/$name" ]; then echo "$dir/$name"; return 0; fi
  if [ -z "$go_cmd" ]; then
    echo "no go command (neither on PATH nor /usr/local/go/bin/go): install Go 1.26 or later (helm v3.22.0 needs it) to build $name $version" >&2
    return 3
  fi
  local started=$SECONDS
  echo "building $name $version with $("$go_cmd" version | cut -d' ' -f3) (once; cached in $dir)..." >&2
  rm -rf "$dir.tmp"
  if ! GOBIN="$dir.tmp" GOFLAGS=-mod=mod GOTOOLCHAIN=local "$go_cmd" install "$package@$version" >&2; then
    rm -rf "$dir.tmp"
    echo "error: $package@$version did not build" >&2
    return 1
  fi
  rm -rf "$dir" && mv "$dir.tmp" "$dir"  # built aside and renamed: a half-written binary is never run
  echo "built $name $version in $((SECONDS - started)) s" >&2
  echo "$dir/$name"
}

# The wheel's strict schema folders, and one kubeconform HTTP cache per version.
schemas() {
  local requirement wheel_version dir
  requirement="$(grep -v '^#' "$here/schemas-requirements.txt" | grep -m1 .)"
  wheel_version="$(sed -n 's/^kubernetes-validate==\([^ ]*\).*/\1/p' <<<"$requirement")"
  dir="$cache/kubernetes-schemas-$wheel_version"
  if [ -f "$dir/.complete" ]; then echo "$dir"; return 0; fi
  local python=""
  for candidate in python3 "$here/../../charts/.venv/bin/python"; do
    if "$candidate" -m pip --version >/dev/null 2>&1; then python="$candidate"; break; fi
  done
  if [ -z "$python" ]; then
    echo "no pip (python3 -m pip) to download the Kubernetes schemas (PyPI: kubernetes-validate)" >&2
    return 3
  fi
  local started=$SECONDS
  echo "fetching the Kubernetes schemas (kubernetes-validate $wheel_version, once; cached in $dir)..." >&2
  rm -rf "$dir.tmp" && mkdir -p "$dir.tmp/wheel"
  if ! "$python" -m pip download --disable-pip-version-check -q --no-deps --require-hashes \
       -r "$here/schemas-requirements.txt" -d "$dir.tmp/wheel" >&2; then
    rm -rf "$dir.tmp"
    echo "error: could not download kubernetes-validate $wheel_version" >&2
    return 1
  fi
  # shellcheck disable=SC2086
  if ! "$python" - "$dir.tmp" "$DEFINITIONS_URL" $KUBERNETES_VERSIONS <<'PY' >&2
import glob, hashlib, os, shutil, sys, zipfile
out, url, versions = sys.argv[1], sys.argv[2], sys.argv[3:]
(wheel,) = glob.glob(os.path.join(out, "wheel", "*.whl"))
prefix = "kubernetes_validate/kubernetes-json-schema/"
with zipfile.ZipFile(wheel) as z:
    for version in versions:
        folder = f"v{version}-local-strict/"
        names = [n for n in z.namelist() if n.startswith(prefix + folder) and n.endswith(".json")]
        if not names:
            sys.exit(f"error: the wheel has no schemas for Kubernetes {version}")
        for name in names:
            target = os.path.join(out, name[len(prefix):])
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with z.open(name) as src, open(target, "wb") as dst:
                shutil.copyfileobj(src, dst)
        refs = os.path.join(out, f"refs-v{version}-strict")
        os.makedirs(refs)
        shutil.copy(os.path.join(out, folder, "_definitions.json"),
                    os.path.join(refs, hashlib.sha256(url.encode()).hexdigest()))
        print(f"Kubernetes {version}: {len(names)} schemas", file=sys.stderr)
PY
  then
    rm -rf "$dir.tmp"
    return 1
  fi
  rm -rf "$dir.tmp/wheel" && touch "$dir.tmp/.complete"
  rm -rf "$dir" && mv "$dir.tmp" "$dir"
  echo "Kubernetes schemas ready in $((SECONDS - started)) s" >&2
  echo "$dir"
}

# One at a time: two callers (bin/test and a test JVM) must not build into the same folder.
exec 9>"$cache/.tools.lock"
flock 9
helm="$(go_tool helm helm.sh/helm/v3/cmd/helm "$HELM_VERSION")" || exit $?
kubeconform="$(go_tool kubeconform github.com/yannh/kubeconform/cmd/kubeconform "$KUBECONFORM_VERSION")" || exit $?
schema_dir="$(schemas)" || exit $?
echo "helm=$helm"
echo "kubeconform=$kubeconform"
echo "schemas=$schema_dir"
echo "kubernetes=$KUBERNETES_VERSIONS"
