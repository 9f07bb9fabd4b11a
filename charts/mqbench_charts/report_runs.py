"""The report's "Run details": everything a result says about how it was run.

Plain OMB results record none of it; they get a note instead of empty rows.
"""

from __future__ import annotations

import html
import json

from .formatting import format_bytes, format_number
from .runs import Run

GIB = 2 ** 30


def _e(value) -> str:
    return html.escape("" if value is None else str(value))


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
    return "; ".join(f"{_e(k)}: {_e(_plain(v))}" for k, v in value.items())


def _joined(*parts) -> str:
    return " · ".join(str(p) for p in parts if p not in (None, ""))


def _dict(raw: dict, key: str) -> dict:
    value = raw.get(key)
    return value if isinstance(value, dict) else {}


def status_html(run: Run) -> str:
    css = f"status-{run.status}" if run.status else ""
    reason = f" — {_e(run.raw.get('statusReason'))}" if run.raw.get("statusReason") else ""
    warnings = run.raw.get("warnings") or []
    flag = f' <span class="status-partial">({len(warnings)} warning{"s" if len(warnings) > 1 else ""})</span>' \
        if warnings else ""
    if run.raw.get("clientBound") is True:
        flag += ' <span class="status-partial">(client-bound: the client, not the broker, may have set these figures)</span>'
    return f'<span class="{css}">{_e(run.display_status)}</span>{flag}{reason}'


def client_load_text(raw: dict) -> str:
    """Each worker's share of its cores and GC share in the measured phase, and CPU per message."""
    load = _dict(raw, "clientLoad")
    workers = [w for w in load.get("workers") or [] if isinstance(w, dict)]
    if not workers:
        return ""
    parts = [f"{w.get('worker')}: {100 * (w.get('cpuShare') or 0):.0f}% of {w.get('cores')} cores "
             f"(busiest period {100 * (w.get('cpuShareMaxPeriod') or 0):.0f}%), GC {100 * (w.get('gcShare') or 0):.1f}%"
             + (f", machine {100 * w['hostCpuShare']:.0f}% busy" if isinstance(w.get("hostCpuShare"), (int, float)) else "")
             for w in workers]
    per_message = load.get("cpuMicrosPerMessageSent")
    if isinstance(per_message, (int, float)):
        parts.append(f"{format_number(per_message)} µs of client CPU per message sent")
    return "; ".join(parts)


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
                   f"{len(found.get('trials') or [])} trials")
    else:
        outcome = f"did not converge: {found.get('note')}"
    held = [p for p in found.get("measuredPhases") or [] if isinstance(p, dict)]
    phases = "; ".join(f"measured at {format_number(p.get('targetRate'))} msg/s: "
                       f"{'held' if p.get('held') else 'did not hold'} ({p.get('reason')})" for p in held)
    return _joined(f"objective {found.get('objective', 'throughput')}: found {format_number(found.get('foundRate'))} msg/s "
                   f"(sustainable {format_number(found.get('sustainableRate'))}, unsustainable "
                   f"{format_number(found.get('unsustainableRate'))})", outcome,
                   f"warm-up extended by {format_number(found.get('warmupExtendedSeconds'))} s"
                   if found.get("warmupExtendedSeconds") else None, phases, f"rule: {found.get('rule')}")


def _facts(run: Run) -> list[tuple[str, str]]:
    """(label, HTML) pairs; empty values are left out."""
    raw, host = run.raw, _dict(run.raw, "host")
    delivery = {k: v for k, v in _dict(raw, "delivery").items() if not isinstance(v, (list, dict))}
    return [
        ("file", _e(run.path)),
        ("driver", _e(run.driver)),
        ("workload", _e(run.workload)),
        ("sweep", _e(_joined(run.sweep_name, run.sweep_text()))),
        ("status", status_html(run)),
        ("warnings", _e("; ".join(map(str, raw.get("warnings") or [])))),
        ("mode", _e(run.mode)),
        ("target rate", f"{_e(format_number(run.requested_rate))} msg/s" if run.requested_rate else ""),
        ("message size", f"{_e(format_bytes(run.message_size))} ({run.message_size} B)"),
        ("topics × partitions", f"{run.topics} × {run.partitions}"),
        ("producers / consumers per topic", f"{run.producers_per_topic} / {run.consumers_per_topic}"),
        ("start – end", _e(" – ".join(x for x in (raw.get("startTime"), raw.get("endTime")) if x))),
        ("measured", _e(_measured(_dict(raw, "summary")))),
        ("warm-up", _e(f"went on {raw['warmUpExtendedSeconds']:.1f} s more, until the producers were back on their schedule"
                       if isinstance(raw.get("warmUpExtendedSeconds"), (int, float)) else "")),
        ("versions", _e(_versions(raw, host))),
        ("host", _e(_host(host))),
        ("driver file", _e(raw.get("driverFile"))),
        ("workload file", _e(raw.get("workloadFile"))),
        ("driver metadata", _mapping(raw.get("driverMetadata"))),
        ("workers", _e("; ".join(map(str, raw.get("workers") or [])))),
        ("delivery", _mapping(delivery)),
        ("send errors", _mapping(raw.get("sendErrors"))),
        ("client load", _e(client_load_text(raw))),
        ("negative end-to-end values", _e(raw.get("negativeEndToEndLatencies") or "")),
        ("rate discovery", _e(_discovery(raw))),
        ("backlog phase", _mapping(raw.get("backlogPhase"))),
        ("histograms", f"stored ({_e(', '.join(sorted(run.histograms)))})" if run.histograms
         else "none (no distribution chart)"),
    ]


def run_html(run: Run, label: str) -> str:
    rows = "".join(f"<dt>{_e(k)}</dt><dd>{v}</dd>" for k, v in _facts(run) if v not in (None, ""))
    parts = [f"<details><summary>{_e(label)} — {_e(run.workload)} — {status_html(run)}</summary>"]
    if not run.mqbench:
        parts.append('<div class="note">Plain OpenMessaging Benchmark result: it records no status, host, '
                     'versions, delivery counts, configuration or histograms.</div>')
    parts.append(f'<dl class="facts">{rows}</dl>')
    for key, title in (("driverConfig", "driver configuration (secrets redacted by mqbench)"),
                       ("workloadConfig", "workload as run"),
                       ("delivery", "delivery check, per subscription and producer")):
        if run.raw.get(key):
            text = _e(json.dumps(run.raw[key], indent=2))
            parts.append(f"<details><summary>{_e(title)}</summary><pre>{text}</pre></details>")
    parts.append("</details>")
    return "\n".join(parts)
