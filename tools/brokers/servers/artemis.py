"""Artemis: the ActiveMQ Artemis distribution (Maven Central tarball) and one broker instance.

The instance is created once, non-interactively, with only the all-protocols acceptor on
127.0.0.1:61616 (without --no-amqp-acceptor it would also take 5672, RabbitMQ's port) and
no web console. Its data directory is .brokers/artemis/data (outside the instance, so
`reset` wipes only data). Options are applied to the instance's files at every start:
--memory edits -Xmx in etc/artemis.profile; --artemis-journal sets <journal-type> in
etc/broker.xml and turns journal-datasync off (seed 000's tuning: no fdatasync per write);
for MAPPED it also sets journal-buffer-timeout 0, as broker.xml itself recommends for
MAPPED without datasync. Without the option the journal is NIO with datasync on (Artemis'
default) and the buffer timeout `artemis create` measured on this disk. --artemis-journal-sync
off sets journal-sync-transactional and journal-sync-non-transactional to false (seed 000 did):
the broker then answers a persistent send or a commit without waiting for the journal write.
Ready when this run's log says AMQ221007 ("Server is now active") and an OpenWire
WireFormatInfo sent to 61616 is answered with the broker's own WireFormatInfo.
"""
import os
import re
import shutil
import subprocess

from .. import install, paths
from ..base import Broker, Probe
from ..ui import StartError, Step

VERSION = "2.40.0"   # from 2.50 the groupId is org.apache.artemis, which does not resolve here
DIST = f"apache-artemis-{VERSION}"
ARTIFACT = f"org.apache.activemq:apache-artemis:{VERSION}:tar.gz:bin"


def _unpack(tmp):
    libs = os.path.join(tmp, "libs")
    tarball = os.path.join(libs, f"apache-artemis-{VERSION}-bin.tar.gz")
    subprocess.run(["tar", "-xzf", tarball, "-C", tmp], check=True)
    shutil.rmtree(libs)  # the tarball stays in the fetches' Maven repository


class Artemis(Broker):
    name = "artemis"
    ports = {"all protocols": 61616}
    description = f"ActiveMQ Artemis {VERSION}"
    jvm = True

    @property
    def home(self):
        return os.path.join(paths.DIST, DIST, f"apache-artemis-{VERSION}")

    @property
    def instance(self):
        return os.path.join(self.dir, "instance")

    def ensure_installed(self):
        install.maven_fetch(DIST, "artemis.xml", "dependency:copy", {"artifact": ARTIFACT}, post=_unpack)
        if self._instance_complete():
            return
        with install.lock("install"):
            if not self._instance_complete():
                self._create_instance()

    def _instance_complete(self):
        return os.path.exists(self.measured_timeout_path) and self._instance_uses_our_data_dir()

    def _create_instance(self):
        # no instance, a half-created one, or one made for another folder: (re)create it; the
        # data directory lives outside the instance, so messages survive this
        shutil.rmtree(self.instance, ignore_errors=True)
        os.makedirs(self.dir, exist_ok=True)
        argv = [os.path.join(self.home, "bin", "artemis"), "create", self.instance, "--silent", "--force",
                "--host", "127.0.0.1", "--http-host", "127.0.0.1", "--user", "admin", "--password", "admin",
                "--require-login=false", "--no-web", "--no-amqp-acceptor", "--no-hornetq-acceptor",
                "--no-mqtt-acceptor", "--no-stomp-acceptor", "--nio", "--java-memory", "1G",
                "--data", self.data_dir]
        with Step("artemis: creating the broker instance (artemis create)"):
            r = subprocess.run(argv, capture_output=True, text=True)
            if r.returncode != 0:
                shutil.rmtree(self.instance, ignore_errors=True)
                raise StartError("artemis: `artemis create` failed", (r.stdout + r.stderr)[-3000:])
        # keep the buffer timeout `create` measured, to restore it after a MAPPED run; this file
        # is written last, so its presence means the instance is complete
        with open(os.path.join(self.instance, "etc", "broker.xml")) as f:
            measured = re.search(r"<journal-buffer-timeout>(\d+)<", f.read())
        with open(self.measured_timeout_path, "w") as f:
            f.write(measured.group(1) if measured else "")

    def _instance_uses_our_data_dir(self):
        try:
            with open(os.path.join(self.instance, "etc", "broker.xml")) as f:
                return f"<journal-directory>{self.data_dir}/journal<" in f.read()
        except OSError:
            return False

    @property
    def measured_timeout_path(self):
        return os.path.join(self.instance, "etc", "journal-buffer-timeout.measured")

    def version(self):
        return VERSION if os.path.isdir(self.home) else ""

    def settings(self):
        journal = self.opts.artemis_journal
        return {"memory": self.opts.memory,
                "artemis_journal": f"{journal}, datasync off" if journal else "nio, datasync on (default)",
                "artemis_journal_sync": self.opts.artemis_journal_sync or "on"}

    def prepare(self):
        os.makedirs(self.data_dir, exist_ok=True)
        profile = os.path.join(self.instance, "etc", "artemis.profile")
        with open(profile) as f:
            text = f.read()
        # -Xms is dropped so a small --memory never falls below the profile's initial heap
        text = re.sub(r" ?-Xms\S+", "", text)
        text = re.sub(r"-Xmx\S+", f"-Xmx{self.opts.memory}", text)
        with open(profile, "w") as f:
            f.write(text)
        broker_xml = os.path.join(self.instance, "etc", "broker.xml")
        with open(broker_xml) as f:
            xml = f.read()
        journal = (self.opts.artemis_journal or "nio").upper()
        datasync = "false" if self.opts.artemis_journal else "true"
        xml = re.sub(r"<journal-type>\w+</journal-type>", f"<journal-type>{journal}</journal-type>", xml)
        xml = re.sub(r"\s*<journal-datasync>\w+</journal-datasync>", "", xml)
        xml = xml.replace("</journal-type>",
                          f"</journal-type>\n\n      <journal-datasync>{datasync}</journal-datasync>", 1)
        sync = "false" if self.opts.artemis_journal_sync == "off" else "true"
        for element in ("journal-sync-transactional", "journal-sync-non-transactional"):
            xml = re.sub(rf"\s*<{element}>\w+</{element}>", "", xml)
            xml = xml.replace("</journal-datasync>", f"</journal-datasync>\n\n      <{element}>{sync}</{element}>", 1)
        with open(self.measured_timeout_path) as f:
            measured = f.read().strip()
        timeout = "0" if journal == "MAPPED" and datasync == "false" else measured
        if timeout:
            xml = re.sub(r"<journal-buffer-timeout>\d+</journal-buffer-timeout>",
                         f"<journal-buffer-timeout>{timeout}</journal-buffer-timeout>", xml)
        with open(broker_xml, "w") as f:
            f.write(xml)

    def command(self):
        return [os.path.join(self.instance, "bin", "artemis"), "run"], None, self.instance

    def probe(self, timeout=2.0):
        return self.openwire_probe(timeout)

    def ready(self, log_offset):
        if not self.log_grep("AMQ221007", log_offset):
            return Probe(False, "log does not say AMQ221007 (Server is now active) yet")
        return self.probe()
