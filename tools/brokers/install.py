"""First-run installs: Debian packages (as root), Maven Central distributions, Go modules.

Debian packages: `apt-get install -y --no-install-recommends`, with `apt-get update` only
when the first try fails (fresh machines often have no package lists). While apt runs, a
temporary /usr/sbin/policy-rc.d forbids package scripts to start services, so installing
redis-server does not leave a system redis on 6379 that we would then collide with.
Without root we only say what to install.

Maven artifacts: a small POM per distribution (tools/brokers/poms/) and the dependency
plugin fetch them into ~/.m2 and copy them to <dist folder>/<dist>/ (paths.DIST, shared by
every checkout); a `.complete` marker holding a fingerprint of what was asked for (the POM, the
goal, the properties) makes that a one-time step, a half-finished copy is never used, and a
changed POM fetches again.

Go servers (nats-server, FerretDB): `go install <module>@<version>` from the Go module proxy,
once, into <dist folder>/<dist>/bin, with the same marker.
"""
import fcntl
import hashlib
import json
import os
import shutil
import subprocess
import time
from contextlib import contextmanager

from . import paths
from .ui import StartError, Step, UserError, say

POMS = os.path.join(paths.TOOL, "poms")
POLICY_RC_D = "/usr/sbin/policy-rc.d"


@contextmanager
def lock(name, folder=None):
    """Serialise installs (and starts) across concurrent `bin/brokers` runs.

    The lock file lives in `folder` (the state folder unless given): installs into the shared
    distributions folder lock there, so two checkouts never build the same distribution at once.
    """
    folder = paths.ensure_dir(folder or paths.STATE)
    with open(os.path.join(folder, f".{name}.lock"), "w") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def missing_debs(pkgs):
    missing = []
    for pkg in pkgs:
        r = subprocess.run(["dpkg-query", "-W", "-f=${Status}", pkg], capture_output=True, text=True)
        if r.returncode != 0 or "install ok installed" not in r.stdout:
            missing.append(pkg)
    return missing


@contextmanager
def _no_service_starts():
    """Debian's policy-rc.d protocol: exit 101 = 'action forbidden', so postinst starts nothing."""
    created = False
    if not os.path.exists(POLICY_RC_D):
        with open(POLICY_RC_D, "w") as f:
            f.write("#!/bin/sh\n# temporary, written by mqbench bin/brokers during apt-get install\nexit 101\n")
        os.chmod(POLICY_RC_D, 0o755)
        created = True
    try:
        yield
    finally:
        if created:
            os.remove(POLICY_RC_D)


# Another installer may hold dpkg's lock (bin/test runs the charts tests, which may install
# chromium, beside these): apt-get waits for it up to this long instead of failing at once.
APT_LOCK_WAIT = ["-o", "DPkg::Lock::Timeout=600"]


def _apt(args, log):
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    with open(log, "ab") as out:
        return subprocess.run(["apt-get", *APT_LOCK_WAIT, *args], env=env, stdout=out, stderr=subprocess.STDOUT).returncode


def ensure_debs(pkgs, why):
    """Install the Debian packages that are missing, or raise UserError saying what to install."""
    missing = missing_debs(pkgs)
    if not missing:
        return
    cmd = "apt-get install -y --no-install-recommends " + " ".join(missing)
    if os.geteuid() != 0:
        raise UserError(f"{why} needs the Debian package(s) {', '.join(missing)}, which are not installed; "
                        f"as root run: {cmd}")
    if not shutil.which("apt-get"):
        raise UserError(f"{why} needs {', '.join(missing)} and this is not a Debian-like system (no apt-get)")
    with lock("install", paths.DIST):
        missing = missing_debs(missing)  # another run may have installed them meanwhile
        if not missing:
            return
        log = os.path.join(paths.ensure_dir(paths.DIST), "apt.log")
        with Step(f"installing {' '.join(missing)} (apt)"), _no_service_starts():
            args = ["install", "-y", "--no-install-recommends", *missing]
            if _apt(args, log) != 0:
                say("  apt-get install failed; running apt-get update and trying again")
                _apt(["update"], log)
                if _apt(args, log) != 0:
                    raise StartError(f"apt-get install {' '.join(missing)} failed (see {log})", tail(log))


def ensure_jdk_and_maven():
    """java, javac (mongo's launcher is compiled once) and mvn (to fetch distributions)."""
    need = []
    if not (shutil.which("java") and shutil.which("javac")):
        need.append("openjdk-17-jdk-headless")
    if not shutil.which("mvn"):
        need.append("maven")
    if need:
        ensure_debs(need, "the JVM brokers (kafka, artemis, sqs, mongo)")


def maven_repository():
    """The local Maven repository the fetches download into: the distributions folder's own.

    Not ~/.m2: bin/test runs these fetches (the first start of each broker) beside the project's
    own Maven build, and two Maven processes downloading the same artifact into one local
    repository at once can leave it half-written.
    """
    return os.path.join(paths.DIST, "m2")


def maven_fetch(dist_name, pom, goal, props, post=None):
    """Run `mvn -f poms/<pom> <goal>` once into <dist folder>/<dist_name>/libs; return that dist dir.

    `post(tmp_dir)` finishes the copy (unpack, compile) before it is renamed into place.
    """
    final = os.path.join(paths.DIST, dist_name)
    with open(os.path.join(POMS, pom), "rb") as f:
        fingerprint = hashlib.sha256(f.read() + repr((goal, sorted(props.items()))).encode()).hexdigest()
    if is_complete(final, fingerprint):
        return final
    ensure_jdk_and_maven()
    with lock("install", paths.DIST):
        if is_complete(final, fingerprint):
            return final
        paths.ensure_dir(paths.DIST)
        tmp = final + ".tmp"
        shutil.rmtree(tmp, ignore_errors=True)
        shutil.rmtree(final, ignore_errors=True)
        log = os.path.join(paths.DIST, f"{dist_name}.mvn.log")
        argv = ["mvn", "-B", "-q", "-f", os.path.join(POMS, pom), goal, f"-Dmaven.repo.local={maven_repository()}",
                f"-DoutputDirectory={os.path.join(tmp, 'libs')}", *[f"-D{k}={v}" for k, v in props.items()]]
        with Step(f"fetching {dist_name} from Maven Central (mvn, into {paths.DIST})"):
            with open(log, "wb") as out:
                rc = subprocess.run(argv, stdout=out, stderr=subprocess.STDOUT, cwd=paths.DIST).returncode
            if rc != 0:
                raise StartError(f"mvn could not fetch {dist_name} (see {log})", tail(log))
            if post:
                post(tmp)
            mark_complete(tmp, fingerprint)
            os.replace(tmp, final)
        return final


GO_FALLBACK = "/usr/local/go/bin/go"  # the official tarball's place, often not on PATH


def find_go():
    """The go command, or None."""
    go = shutil.which("go")
    if go:
        return go
    return GO_FALLBACK if os.access(GO_FALLBACK, os.X_OK) else None


def go_install(dist_name, module, binary, label):
    """`go install <module>@<version>` once into <dist folder>/<dist_name>/bin; return the binary's path."""
    return _go_build(dist_name, module, binary, label, lambda go, env, tmp, log: _run_go(
        [go, "install", module], env, paths.DIST, log))


def go_build_source(dist_name, module, package, binary, label, patch):
    """Builds `package` (e.g. ./cmd/x) inside a writable copy of the module's source, once.

    For a module whose sources need a file written before they build (FerretDB wants its version in
    a file its own build scripts generate, and refuses to start without it): `go mod download` puts
    the module in Go's cache, it is copied to <dist folder>/<dist_name>/src, `patch(src)` edits the
    copy, and `go build` builds it there with the module's own go.mod and go.sum.
    """
    def build(go, env, tmp, log):
        found = subprocess.run([go, "mod", "download", "-json", module], env=env, cwd=paths.DIST,
                               capture_output=True, text=True)
        with open(log, "a") as out:
            out.write(found.stdout + found.stderr)
        if found.returncode != 0:
            return found.returncode
        src = os.path.join(tmp, "src")
        shutil.copytree(json.loads(found.stdout)["Dir"], src)
        for folder, _, files in os.walk(src):  # Go's module cache is read-only
            os.chmod(folder, 0o755)
            for name in files:
                os.chmod(os.path.join(folder, name), 0o644)
        patch(src)
        return _run_go([go, "build", "-o", os.path.join(tmp, "bin", binary), package], env, src, log)
    return _go_build(dist_name, f"{module} {package}", binary, label, build)


def _run_go(argv, env, cwd, log):
    with open(log, "ab") as out:
        return subprocess.run(argv, env=env, cwd=cwd, stdout=out, stderr=subprocess.STDOUT).returncode


def _go_build(dist_name, what, binary, label, build):
    """Runs `build(go, env, tmp, log)` once into <dist folder>/<dist_name>; return the binary's path.

    Built aside and renamed, so a half-finished build is never used. GOFLAGS and GOTOOLCHAIN are
    fixed so the user's environment cannot pick vendoring or trigger a toolchain download; Go's
    module and build caches stay the defaults, so a second build (an emptied cache) only links.
    """
    final = os.path.join(paths.DIST, dist_name)
    built = os.path.join(final, "bin", binary)
    fingerprint = hashlib.sha256(what.encode()).hexdigest()
    if is_complete(final, fingerprint):
        return built
    go = find_go()
    if not go:
        raise UserError(f"{label} is built with Go, and no go command was found (PATH, {GO_FALLBACK}); "
                        "install Go and start again")
    with lock("install", paths.DIST):
        if is_complete(final, fingerprint):  # another run built it meanwhile
            return built
        paths.ensure_dir(paths.DIST)
        tmp = final + ".tmp"
        shutil.rmtree(tmp, ignore_errors=True)
        shutil.rmtree(final, ignore_errors=True)
        os.makedirs(os.path.join(tmp, "bin"))
        log = os.path.join(paths.DIST, f"{dist_name}.go.log")
        open(log, "w").close()
        env = dict(os.environ, GOBIN=os.path.join(tmp, "bin"), GOFLAGS="-mod=mod", GOTOOLCHAIN="local")
        with Step(f"building {label} from the Go module proxy (into {paths.DIST})"):
            rc = build(go, env, tmp, log)
            if rc != 0 or not os.path.exists(os.path.join(tmp, "bin", binary)):
                raise StartError(f"building {label} with Go failed (see {log})", tail(log))
            mark_complete(tmp, fingerprint)
            os.replace(tmp, final)
        return built


def mark_complete(dist_dir, fingerprint):
    with open(os.path.join(dist_dir, ".complete"), "w") as f:
        f.write(f"{fingerprint}\n{time.strftime('%Y-%m-%dT%H:%M:%S')}\n")


def is_complete(dist_dir, fingerprint):
    """Whether dist_dir was finished for exactly this fingerprint (a changed POM or module fetches again)."""
    try:
        with open(os.path.join(dist_dir, ".complete")) as f:
            return f.readline().strip() == fingerprint
    except OSError:
        return False


def tail(path, lines=20):
    try:
        with open(path, "rb") as f:
            f.seek(0, os.SEEK_END)
            size = f.tell()
            f.seek(max(0, size - 256 * 1024))
            data = f.read().decode(errors="replace")
    except OSError:
        return ""
    return "\n".join(data.splitlines()[-lines:])
