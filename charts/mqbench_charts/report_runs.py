"""The report's "Run details": everything a result says about how it was run.

Plain OMB results record none of it; they get a note instead of empty rows. The markup is in
templates/run.html.j2 and status.html.j2; here are the texts they show.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from .chart_search import climb_text
from .formatting import format_bytes, format_number
from .runs import Run
from .templating import render_macro

GIB = 2 ** 30


@dataclass
class Status:
    css: str                # status-complete, status-partial, status-aborted or ""
    text: str
    warnings: int
    client_bound: bool
    reason: str


@dataclass
class Fact:
    label: str
    text: str = ""
    status: Status | None = None    # the status row is shown as status.html.j2 shows it


@dataclass
class RunDetails:
    label: str
    workload: str
    status: Status
    plain_omb: bool
    facts: list[Fact]
    documents: list[tuple[str, str]]    # (title, indented JSON) of the configuration as run


def _plain(value) -> str:
    if value is None:
        return "unknown"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int) and abs(value) >= 10000:
        return f"{value:,}"
    return str(value)


def _mapping(value) -> str:
    if not isinstance(value, dict) or not value:
        return ""
    return "; ".join(f"{k}: {_plain(v)}" for k, v in value.items())


def _joined(*parts) -> str:
    return " · ".join(str(p) for p in parts if p not in (None, ""))


def _dict(raw: dict, key: str) -> dict:
    value = raw.get(key)
    return value if isinstance(value, dict) else {}


def status(run: Run) -> Status:
    return Status(f"status-{run.status}" if run.status else "", run.display_status or "",
                  len(run.raw.get("warnings") or []), run.raw.get("clientBound") is True,
                  str(run.raw.get("statusReason") or ""))


def status_html(run: Run) -> str:
    return render_macro("status.html.j2", "status", status(run))


def client_load_text(raw: dict) -> str:
    """Each worker's share of its cores, GC share, compiling time, busiest sending thread and machine in the measured
    phase, and CPU per message."""
    load = _dict(raw, "clientLoad")
    workers = [w for w in load.get("workers") or [] if isinstance(w, dict)]
    if not workers:
        return ""
    parts = [f"{w.get('worker')}: {100 * (w.get('cpuShare') or 0):.0f}% of {w.get('cores')} cores "
             f"(busiest period {100 * (w.get('cpuShareMaxPeriod') or 0):.0f}%), GC {100 * (w.get('gcShare') or 0):.1f}%"
             + (f", JIT {w['jitSeconds']:.1f} s" if isinstance(w.get("jitSeconds"), (int, float)) else "")
             + (f", busiest sender {100 * w['senderBusyShare']:.0f}% without sleep"
                if isinstance(w.get("senderBusyShare"), (int, float)) else "")
             + (f", machine {100 * w['hostCpuShare']:.0f}% busy" if isinstance(w.get("hostCpuShare"), (int, float)) else "")
             + _host_took(w)
             for w in workers]
    per_message = load.get("cpuMicrosPerMessageSent")
    if isinstance(per_message, (int, float)):
        parts.append(f"{format_number(per_message)} µs of client CPU per message sent")
    return "; ".join(parts)


def _host_took(worker: dict) -> str:
    """The virtual machine's host's share of its CPU (steal), from 0.2 % (as the run's warning): its stalls show in latencies."""
    steal = worker.get("hostStealShare")
    if not isinstance(steal, (int, float)) or steal < 0.002:
        return ""
    return f" ({100 * steal:.1f}% taken by the host: its stalls may show in the highest latencies)"


def _host(host: dict) -> str:
    memory, heap = host.get("memoryBytes"), host.get("jvmMaxHeapBytes")
    return _joined(host.get("hostname"),
                   f"{host['cores']} cores" if host.get("cores") else None,
                   f"{memory / GIB:.1f} GiB memory" if isinstance(memory, (int, float)) else None,
                   host.get("os"),
                   f"JVM heap max {heap / GIB:.1f} GiB" if isinstance(heap, (int, float)) else None)


def _versions(raw: dict, host: dict) -> str:
    return _joined(f"mqbench {raw['mqbenchVersion']}" if raw.get("mqbenchVersion") else None,
                   f"result format {raw['mqbenchResultVersion']}" if raw.get("mqbenchResultVersion") else None,
                   host.get("jvm"))


def _warm_up(raw: dict) -> str:
    """How much longer the warm-up went on, and for whom (producers behind, consumers behind)."""
    parts = []
    if isinstance(raw.get("warmUpExtendedSeconds"), (int, float)):
        parts.append(f"went on {raw['warmUpExtendedSeconds']:.1f} s more, until the producers and their acknowledgements were back on schedule")
    if isinstance(raw.get("warmUpConsumerCatchUpSeconds"), (int, float)):
        parts.append(f"went on {raw['warmUpConsumerCatchUpSeconds']:.1f} s more while the consumers worked off a backlog")
    return "; ".join(parts)


def _measured(summary: dict) -> str:
    if not summary:
        return ""
    return (f"{format_number(summary.get('measuredSeconds'))} s, {format_number(summary.get('messagesSent'))} sent, "
            f"{format_number(summary.get('messagesReceived'))} received, "
            f"{format_number(summary.get('sendErrors'))} send errors")


def _discovery(raw: dict) -> str:
    found = _dict(raw, "rateDiscovery")
    if not found:
        return ""
    if "finalRate" in found:      # result format 1: the last rate the controller set
        return f"last rate set {format_number(found.get('finalRate'))} msg/s; rule: {found.get('rule')}"
    if found.get("converged"):
        outcome = (f"converged at {format_number(found.get('convergedAtSecond'))} s after "
                   f"{len(found.get('trials') or [])} trials{climb_text(found)}")
    else:
        outcome = f"did not converge: {found.get('note')}"
    held = [p for p in found.get("measuredPhases") or [] if isinstance(p, dict)]
    phases = "; ".join(f"measured at {format_number(p.get('targetRate'))} msg/s{_drained(p)}: "
                       f"{'held' if p.get('held') else 'did not hold'} ({p.get('reason')})" for p in held)
    return _joined(f"objective {found.get('objective', 'throughput')}: found {format_number(found.get('foundRate'))} msg/s "
                   f"(sustainable {format_number(found.get('sustainableRate'))}, unsustainable "
                   f"{format_number(found.get('unsustainableRate'))})", outcome,
                   f"warm-up extended by {format_number(found.get('warmupExtendedSeconds'))} s"
                   if found.get("warmupExtendedSeconds") else None, phases, f"rule: {found.get('rule')}")


def _drained(phase: dict) -> str:
    """What the attempt's start drained (what the search or the attempt before left), if anything."""
    if phase.get("drainSeconds") is None:
        return ""
    return (f" (after a {format_number(phase.get('drainSeconds'))}-s pause that drained "
            f"{format_number(phase.get('drainedMessages'))} messages left before it)")


def _text(value) -> str:
    return "" if value is None else str(value)


def _facts(run: Run) -> list[Fact]:
    """The run's facts as text; empty ones are left out."""
    raw, host = run.raw, _dict(run.raw, "host")
    delivery = {k: v for k, v in _dict(raw, "delivery").items() if not isinstance(v, (list, dict))}
    facts = [
        Fact("file", _text(run.path)),
        Fact("driver", _text(run.driver)),
        Fact("workload", _text(run.workload)),
        Fact("sweep", _joined(run.sweep_name, run.sweep_text())),
        Fact("status", status=status(run)),
        Fact("warnings", "; ".join(map(str, raw.get("warnings") or []))),
        Fact("mode", _text(run.mode)),
        Fact("target rate", f"{format_number(run.requested_rate)} msg/s" if run.requested_rate else ""),
        Fact("message size", f"{format_bytes(run.message_size)} ({run.message_size} B)"),
        Fact("topics × partitions", f"{run.topics} × {run.partitions}"),
        Fact("producers / consumers per topic", f"{run.producers_per_topic} / {run.consumers_per_topic}"),
        Fact("start – end", " – ".join(x for x in (raw.get("startTime"), raw.get("endTime")) if x)),
        Fact("measured", _measured(_dict(raw, "summary"))),
        Fact("warm-up", _warm_up(raw)),
        Fact("versions", _versions(raw, host)),
        Fact("host", _host(host)),
        Fact("driver file", _text(raw.get("driverFile"))),
        Fact("workload file", _text(raw.get("workloadFile"))),
        Fact("driver metadata", _mapping(raw.get("driverMetadata"))),
        Fact("workers", "; ".join(map(str, raw.get("workers") or []))),
        Fact("delivery", _mapping(delivery)),
        Fact("send errors", _mapping(raw.get("sendErrors"))),
        Fact("client load", client_load_text(raw)),
        Fact("negative end-to-end values", _text(raw.get("negativeEndToEndLatencies") or "")),
        Fact("rate discovery", _discovery(raw)),
        Fact("backlog phase", _mapping(raw.get("backlogPhase"))),
        Fact("histograms", f"stored ({', '.join(sorted(run.histograms))})" if run.histograms
             else "none (no distribution chart)"),
    ]
    return [f for f in facts if f.text or f.status]


def run_details(run: Run, label: str) -> RunDetails:
    documents = [(title, json.dumps(run.raw[key], indent=2))
                 for key, title in (("driverConfig", "driver configuration (secrets redacted by mqbench)"),
                                    ("workloadConfig", "workload as run"),
                                    ("delivery", "delivery check, per subscription and producer"))
                 if run.raw.get(key)]
    return RunDetails(label, _text(run.workload), status(run), not run.mqbench, _facts(run), documents)


def run_html(run: Run, label: str) -> str:
    return render_macro("run.html.j2", "run_details", run_details(run, label))
