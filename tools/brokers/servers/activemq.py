"""ActiveMQ Classic: Debian's `activemq` package (5.17.x), one broker in the foreground.

Only the package's jars are used (/usr/share/activemq): never /etc/activemq or its service,
which stays off (install.ensure_debs keeps package scripts from starting services, and the
package enables no instance in /etc/activemq/instances-enabled anyway). The
config, written at each start, has one transport, OpenWire on 127.0.0.1:61626 (61616 is
Artemis'), KahaDB under .brokers/activemq/data (so `reset` wipes the messages), no JMX and
no web console. Virtual topics are on by default (VirtualTopic.>, consumer queues
Consumer.*.VirtualTopic.>), which the driver-artemis Classic variant relies on. It logs (log4j 1.2,
Debian's choice) to stdout, i.e. .brokers/activemq/logs/activemq.log. SIGTERM runs the
broker's shutdown hook (a clean KahaDB close), so the default stop fits.
Ready when this run's log says the broker started and an OpenWire WireFormatInfo is
answered with the broker's own (the Artemis probe, wire.openwire_handshake).
"""
import os
import subprocess

from .. import install
from ..base import Broker, Probe
from ..ports import HOST

ACTIVEMQ_HOME = "/usr/share/activemq"
JAR = os.path.join(ACTIVEMQ_HOME, "bin", "activemq.jar")

# Debian's ActiveMQ logs through slf4j-log4j12 (log4j 1.2), and without a config says nothing at all
LOG4J = """# written by bin/brokers: everything to stdout, which goes to .brokers/activemq/logs/activemq.log
log4j.rootLogger=INFO, stdout
log4j.appender.stdout=org.apache.log4j.ConsoleAppender
log4j.appender.stdout.layout=org.apache.log4j.PatternLayout
log4j.appender.stdout.layout.ConversionPattern=%d | %-5p | %m | %c | %t%n
log4j.logger.org.springframework=WARN
log4j.logger.org.apache.xbean=WARN
log4j.logger.org.apache.activemq.spring=WARN
"""


class ActiveMQ(Broker):
    name = "activemq"
    ports = {"openwire": 61626}
    description = "Debian activemq (ActiveMQ Classic 5.17)"
    jvm = True
    debs = ["activemq"]

    @property
    def config_path(self):
        return os.path.join(self.dir, "activemq.xml")

    @property
    def log4j_path(self):
        return os.path.join(self.dir, "log4j.properties")

    def ensure_installed(self):
        install.ensure_debs(self.debs, "activemq")

    def version(self):
        r = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "activemq"], capture_output=True, text=True)
        # "5.17.2+dfsg-2+deb12u1": the upstream version is what comes before Debian's suffixes
        return r.stdout.split("+")[0].split("-")[0] if r.returncode == 0 and os.path.exists(JAR) else ""

    def prepare(self):
        os.makedirs(self.data_dir, exist_ok=True)
        with open(self.log4j_path, "w") as f:
            f.write(LOG4J)
        # ${activemq.data} is resolved by Spring from the -D of command(), so no path is quoted here
        with open(self.config_path, "w") as f:
            f.write(f"""<?xml version="1.0" encoding="UTF-8"?>
<!-- written by bin/brokers at each start; edit tools/brokers/servers/activemq.py instead -->
<beans xmlns="http://www.springframework.org/schema/beans"
       xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
       xsi:schemaLocation="http://www.springframework.org/schema/beans http://www.springframework.org/schema/beans/spring-beans-2.0.xsd
                           http://activemq.apache.org/schema/core http://activemq.apache.org/schema/core/activemq-core.xsd">
  <bean class="org.springframework.beans.factory.config.PropertyPlaceholderConfigurer"/>
  <broker xmlns="http://activemq.apache.org/schema/core" brokerName="mqbench-classic" useJmx="false"
          dataDirectory="${{activemq.data}}">
    <persistenceAdapter>
      <kahaDB directory="${{activemq.data}}/kahadb"/>
    </persistenceAdapter>
    <transportConnectors>
      <transportConnector name="openwire" uri="tcp://{HOST}:{self.main_port}"/>
    </transportConnectors>
  </broker>
</beans>
""")

    def command(self):
        # the launcher jar as /usr/bin/activemq runs it, minus /etc/default/activemq and the instance
        # folders: activemq.base and activemq.conf point at our folder, so no system config is read
        return (["java", *self.java_heap_args(), "-Djava.awt.headless=true",
                 f"-Dactivemq.home={ACTIVEMQ_HOME}", f"-Dactivemq.base={self.dir}", f"-Dactivemq.conf={self.dir}",
                 f"-Dactivemq.data={self.data_dir}", f"-Dlog4j.configuration=file:{self.log4j_path}",
                 "-jar", JAR, "start", f"xbean:file:{self.config_path}"], None, self.dir)

    def probe(self, timeout=2.0):
        return self.openwire_probe(timeout)

    def ready(self, log_offset):
        # the connector opens just before the broker calls itself started; wait for the latter
        if not self.log_grep(") started | org.apache.activemq.broker.BrokerService", log_offset):
            return Probe(False, "log does not say 'Apache ActiveMQ ... started' yet")
        return self.probe()
