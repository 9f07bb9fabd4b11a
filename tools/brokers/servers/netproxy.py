"""netproxy: Shopify's Toxiproxy, a TCP proxy in front of some brokers, for network delay faults.

This machine's kernel has no netem queueing discipline, so `tc` cannot delay packets on
loopback. Toxiproxy (built from the Go module proxy, `github.com/Shopify/toxiproxy/v2`) can:
it forwards each client connection to the broker and, when told through its HTTP API, holds
every byte for a while (its `latency` toxic). A client that should see a delay must connect
through the proxy from the start of its run: the `*-via-netproxy.yaml` driver files do.

The proxies are fixed (PROXIED): one listening port per broker whose clients connect only to
the address they are given. Kafka, Pulsar and RocketMQ tell their clients where to go next
(advertised listeners, lookups, name servers), so a proxy in front of their first port would
see only the first connection; they are not proxied.
Probe: `GET /proxies` on the API port must list every proxy of PROXIED.
"""
import json
import os
import urllib.request

from .. import install, paths
from ..base import Broker, Probe

VERSION = "2.5.0"
DIST = f"toxiproxy-{VERSION}"
MODULE = f"github.com/Shopify/toxiproxy/v2/cmd/server@v{VERSION}"
API_PORT = 8474
# broker -> (the proxy's listening port, the broker's client port)
PROXIED = {
    "redis": (16379, 6379),
    "rabbitmq": (15673, 5672),
    "nats": (14222, 4222),
    "mosquitto": (11883, 1883),
}


def api(method, path, body=None, timeout=2.0):
    """One call to the running proxy's HTTP API; the decoded JSON answer (None for an empty one)."""
    request = urllib.request.Request(f"http://127.0.0.1:{API_PORT}{path}", method=method,
                                     data=None if body is None else json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=timeout) as answer:
        text = answer.read()
    return json.loads(text) if text.strip() else None


class NetProxy(Broker):
    name = "netproxy"
    ports = {"api": API_PORT, **{f"{broker} proxy": listen for broker, (listen, _) in PROXIED.items()}}
    description = f"Toxiproxy {VERSION}: a TCP proxy in front of {', '.join(PROXIED)}, for network delay faults"

    @property
    def home(self):
        return os.path.join(paths.DIST, DIST)

    def server(self):
        return os.path.join(self.home, "bin", "server")

    def ensure_installed(self):
        install.go_install(DIST, MODULE, "server", f"Toxiproxy {VERSION}")

    def version(self):
        # the module's own build leaves its version string at "git": the pinned version is the one built
        return VERSION if os.path.exists(self.server()) else ""

    def settings(self):
        return {"proxies": ", ".join(f"{b} 127.0.0.1:{listen} -> {upstream}" for b, (listen, upstream) in PROXIED.items())}

    def prepare(self):
        os.makedirs(self.dir, exist_ok=True)
        proxies = [{"name": broker, "listen": f"127.0.0.1:{listen}", "upstream": f"127.0.0.1:{upstream}", "enabled": True}
                   for broker, (listen, upstream) in PROXIED.items()]
        with open(self.config_path(), "w") as f:
            json.dump(proxies, f, indent=1)

    def config_path(self):
        return os.path.join(self.dir, "proxies.json")

    def command(self):
        # LOG_LEVEL: Toxiproxy logs every connection's setup and teardown at debug and trace level
        env = dict(os.environ, LOG_LEVEL="info")
        return [self.server(), "-host", "127.0.0.1", "-port", str(API_PORT), "-config", self.config_path()], env, self.dir

    def probe(self, timeout=2.0):
        try:
            proxies = api("GET", "/proxies", timeout=timeout)
        except (OSError, ValueError) as e:
            return Probe(False, f"GET /proxies: {e}")
        missing = [b for b in PROXIED if b not in (proxies or {})]
        if missing:
            return Probe(False, f"GET /proxies lacks {', '.join(missing)}", VERSION)
        return Probe(True, f"GET /proxies lists {', '.join(PROXIED)}", VERSION)


def proxy_of(broker):
    """(listening port, broker port) of the proxy in front of broker, or None."""
    return PROXIED.get(broker)

