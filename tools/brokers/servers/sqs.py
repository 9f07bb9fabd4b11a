"""SQS: ElasticMQ (an SQS-compatible REST API, queues in memory), jars from Maven Central.

The config must name the bind host and node address, or ElasticMQ binds 0.0.0.0 and opens
its stats port 9325 too. If 9324 is taken it only logs a BindException and keeps running,
which is one reason lifecycle checks the port before launching. Queues live in memory:
a stop (or `reset`) empties them. Probe: the SQS query API's ListQueues answered 200.
"""
import glob
import http.client
import os

from .. import install, paths
from ..base import Broker, Probe
from ..ports import HOST

VERSION = "1.6.16"
DIST = f"elasticmq-{VERSION}"


class Sqs(Broker):
    name = "sqs"
    ports = {"sqs": 9324}
    description = f"ElasticMQ {VERSION} (SQS REST API)"
    jvm = True

    @property
    def libs(self):
        return os.path.join(paths.DIST, DIST, "libs")

    def ensure_installed(self):
        install.maven_fetch(DIST, "sqs.xml", "dependency:copy-dependencies", {"elasticmq.version": VERSION})

    def version(self):
        jars = glob.glob(os.path.join(self.libs, "elasticmq-server_2.13-*.jar"))
        return os.path.basename(jars[0])[len("elasticmq-server_2.13-"):-len(".jar")] if jars else ""

    def prepare(self):
        os.makedirs(self.data_dir, exist_ok=True)
        port = self.main_port
        with open(os.path.join(self.dir, "elasticmq.conf"), "w") as f:
            f.write(f"""# written by bin/brokers at each start; edit tools/brokers/servers/sqs.py instead
include classpath("application.conf")

node-address {{
  protocol = http
  host = "{HOST}"
  port = {port}
  context-path = ""
}}
generate-node-address = false

rest-sqs {{
  enabled = true
  bind-port = {port}
  bind-hostname = "{HOST}"
  sqs-limits = strict
}}

rest-stats {{
  enabled = false
  bind-port = 9325
  bind-hostname = "{HOST}"
}}
""")

    def command(self):
        return (["java", *self.java_heap_args(), "-Djava.awt.headless=true",
                 f"-Dconfig.file={os.path.join(self.dir, 'elasticmq.conf')}",
                 "-cp", os.path.join(self.libs, "*"), "org.elasticmq.server.Main"], None, self.dir)

    def probe(self, timeout=2.0):
        conn = http.client.HTTPConnection(HOST, self.main_port, timeout=timeout)
        try:
            conn.request("POST", "/", body="Action=ListQueues&Version=2012-11-05",
                         headers={"Content-Type": "application/x-www-form-urlencoded"})
            resp = conn.getresponse()
            body = resp.read(4096)
        except (OSError, http.client.HTTPException) as e:
            return Probe(False, f"HTTP ListQueues failed: {e}")
        finally:
            conn.close()
        if resp.status != 200 or b"ListQueues" not in body:
            return Probe(False, f"HTTP ListQueues answered {resp.status} {body[:80]!r}")
        return Probe(True, "SQS ListQueues -> HTTP 200", self.version())

    def ready(self, log_offset):
        if not self.log_grep("started", log_offset):
            return Probe(False, "log does not say 'ElasticMQ server ... started' yet")
        return self.probe()
