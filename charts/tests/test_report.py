"""The HTML report: self-contained, every chart inlined, value tables and run metadata,
and it renders (headless Chromium screenshot that is not blank)."""

import base64
import csv
import re
from html.parser import HTMLParser
from pathlib import Path

import numpy as np
import pytest
from chromium import ensure_chromium, screenshot
from conftest import DEFAULT_E2E, encode_histogram, make_result
from PIL import Image

import mqbench_charts
from mqbench_charts.cli_charts import main


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    folder = tmp_path_factory.mktemp("results")
    histogram = encode_histogram([v * 10 for v in range(1, 2001)])
    for driver, rate in (("Kafka", 200000.0), ("Redis", 50000.0)):
        for size, factor in ((100, 1.0), (1024, 0.5)):
            result = make_result(driver=driver, workload=f"max-{size}", message_size=size, mode="max-rate",
                                 publish_rates=[rate * factor] * 3,
                                 histograms={"endToEndLatency": histogram, "publishLatency": histogram,
                                             "publishDelayLatency": histogram})
            (folder / f"{driver}-{size}.json").write_text(__import__("json").dumps(result))
    omb = make_result(driver="Artemis", workload="max-100", message_size=100, omb=True,
                      publish_rates=[20000.0] * 3, e2e={**DEFAULT_E2E, "99": 77.0})
    (folder / "artemis-omb.json").write_text(__import__("json").dumps(omb))
    out = tmp_path_factory.mktemp("report")
    return folder, out


def test_report_is_self_contained_with_charts_tables_and_metadata(report, capsys):
    folder, out = report
    assert main([str(folder), "-o", str(out), "--no-svg"]) == 0
    printed = capsys.readouterr().out.strip().splitlines()
    page = out / "report.html"
    assert printed[-1] == str(page.resolve())               # the quickstart reads the last line
    html = page.read_text()
    # Self-contained: nothing fetched, every chart inlined.
    assert not re.search(r'(src|href)="(?!data:|#)', html)
    assert "<script" not in html and "<link" not in html
    images = re.findall(r'src="data:image/png;base64,([^"]+)"', html)
    pngs = sorted((out / "charts").glob("*.png"))
    assert len(images) == len(pngs) >= 5
    assert base64.b64decode(images[0])[:8] == b"\x89PNG\r\n\x1a\n"
    # Value tables: the throughput table has the known means.
    assert "<td class=\"\">200,000</td>" in html and "<td class=\"\">25,000</td>" in html
    # The summary: Kafka is fastest at both sizes, 4 times Redis; delivery problems in red.
    assert html.index('id="summary"') < html.index('id="overview"')
    assert '<td class="text">Kafka</td><td class="" data-sort="200000.0">200,000</td>' in html
    assert "Redis (4.00×)" in html and "Delivery did not hold in 4 of 5 run(s)" in html
    # Metadata of each run.
    for text in ("testhost", "0.1.0-test", "lost: 3", "duplicated: 2", "client-1.2.3", "*****",
                 "status-complete", "workloads/max-100.yaml", "16.0 GiB memory"):
        assert text in html, text
    # The plain OMB result degrades gracefully and the report says so.
    assert "Plain OpenMessaging Benchmark result" in html
    assert "No distribution for Artemis" in html and "no histograms" in html
    # CSV next to the charts: one row per run.
    with (out / "runs.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    assert sorted(r["driver"] for r in rows) == ["Artemis", "Kafka", "Kafka", "Redis", "Redis"]
    assert sorted(p.name for p in (out / "tables").glob("*.csv")) and not list((out / "charts").glob("*.svg"))


def test_report_renders_in_headless_chromium(report, tmp_path):
    folder, out = report
    page = out / "report.html"
    if not page.exists():
        assert main([str(folder), "-o", str(out), "--no-svg"]) == 0
    chromium = ensure_chromium()
    if chromium is None:
        pytest.skip("Chromium is not installed and could not be installed (needs root and apt-get: "
                    "apt-get install chromium)")
    png = tmp_path / "report.png"
    screenshot(chromium, page, png)
    image = Image.open(png).convert("RGB")
    assert image.size == (1280, 2000)
    pixels = np.asarray(image).reshape(-1, 3)
    colours = np.unique(pixels, axis=0)
    not_white = np.mean(np.any(pixels < 245, axis=1))
    assert len(colours) > 50, f"only {len(colours)} colours: a blank page?"
    assert not_white > 0.05, f"only {not_white:.1%} of the page is not white"
    # The drivers' colours of the charts made it onto the screen (Kafka red, Redis blue).
    for rgb in ((0xd6, 0x27, 0x28), (0x1f, 0x77, 0xb4)):
        assert np.any(np.all(np.abs(pixels.astype(int) - rgb) <= 12, axis=1)), rgb
    # The answer comes first: within the first screen (900 px) the summary's red delivery alarm
    # (every mqbench run of this report lost 3 messages) and its verdict table are drawn.
    first_screen = np.asarray(image)[:900].reshape(-1, 3).astype(int)
    alarm = np.all(np.abs(first_screen - (0xfd, 0xec, 0xea)) <= 3, axis=1)
    assert alarm.sum() > 1000, "no red delivery alarm in the first screen"
    header = np.all(np.abs(first_screen - (0xf1, 0xf3, 0xf5)) <= 2, axis=1)
    assert header.sum() > 1000, "no table header in the first screen"


def test_charts_drawn_by_several_processes_are_the_files_one_process_draws(report, tmp_path):
    folder, _ = report
    serial, parallel = tmp_path / "serial", tmp_path / "parallel"
    assert main([str(folder), "-o", str(serial), "--jobs", "1"]) == 0
    assert main([str(folder), "-o", str(parallel), "--jobs", "3"]) == 0
    files = sorted(p.relative_to(serial) for p in serial.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(parallel) for p in parallel.rglob("*") if p.is_file())
    assert len([f for f in files if f.suffix == ".svg"]) == len([f for f in files if f.suffix == ".png"]) >= 5
    for name in files:
        if name.name == "report.html":
            continue                                    # it says when it was generated, to the minute
        assert (serial / name).read_bytes() == (parallel / name).read_bytes(), name
    inlined = re.compile(r'src="data:image/png;base64,[^"]+"')
    assert inlined.findall((serial / "report.html").read_text()) == inlined.findall((parallel / "report.html").read_text())


def test_jobs_must_be_a_positive_whole_number(report, capsys):
    folder, _ = report
    with pytest.raises(SystemExit) as exit_info:
        main([str(folder), "--jobs", "0"])
    assert exit_info.value.code == 2
    assert "argument -j/--jobs: '0' is not a whole number of 1 or more" in capsys.readouterr().err


def test_a_client_bound_run_is_marked_and_its_client_load_shown(make_run):
    from mqbench_charts.report_runs import client_load_text, status_html
    load = {"workers": [{"worker": "local", "cores": 2, "cpuShare": 0.934, "cpuShareMaxPeriod": 0.97, "gcShare": 0.012}],
            "cpuMicrosPerMessageSent": 1.25, "reasons": ["local used 93% of its 2 cores"]}
    bound = make_run(extra={"clientBound": True, "clientLoad": load})
    assert "client-bound" in status_html(bound)
    assert client_load_text(bound.raw).startswith("local: 93% of 2 cores (busiest period 97%), GC 1.2%; 1.25 µs")
    load["workers"][0]["hostCpuShare"] = 0.985
    assert ", GC 1.2%, machine 98% busy; 1.25 µs" in client_load_text(make_run(extra={"clientBound": True, "clientLoad": load}).raw)
    load["workers"][0]["jitSeconds"] = 4.26
    assert ", GC 1.2%, JIT 4.3 s, machine 98% busy; 1.25 µs" in client_load_text(make_run(extra={"clientLoad": load}).raw)
    load["workers"][0]["senderBusyShare"] = 0.964
    assert ", JIT 4.3 s, busiest sender 96% without sleep, machine 98% busy; " in client_load_text(make_run(extra={"clientLoad": load}).raw)
    del load["workers"][0]["senderBusyShare"]
    load["workers"][0]["hostStealShare"] = 0.0015
    assert "taken by the host" not in client_load_text(make_run(extra={"clientLoad": load}).raw)
    load["workers"][0]["hostStealShare"] = 0.021
    assert (", machine 98% busy (2.1% taken by the host: its stalls may show in the highest latencies); 1.25 µs"
            in client_load_text(make_run(extra={"clientLoad": load}).raw))
    quiet = make_run(extra={"clientBound": False, "clientLoad": load})
    assert "client-bound" not in status_html(quiet)
    assert client_load_text(make_run().raw) == ""


def test_a_warm_up_that_went_on_for_late_producers_is_told(make_run):
    from mqbench_charts.report_runs import run_html
    extended = run_html(make_run(extra={"warmUpExtendedSeconds": 2.34}), "run 1")
    assert "went on 2.3 s more, until the producers and their acknowledgements were back on schedule" in extended
    assert "went on" not in run_html(make_run(), "run 1")


def test_a_warm_up_that_went_on_for_consumers_behind_is_told(make_run):
    from mqbench_charts.report_runs import run_html
    both = run_html(make_run(extra={"warmUpExtendedSeconds": 1.0, "warmUpConsumerCatchUpSeconds": 4.56}), "run 1")
    assert "went on 1.0 s more, until the producers and their acknowledgements were back on schedule" in both
    assert "went on 4.6 s more while the consumers worked off a backlog" in both


class _Elements(HTMLParser):
    """The elements, attributes and text of a page, as a browser's parser sees them."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags, self.attributes, self.text = set(), set(), []

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        self.attributes.update(name for name, _ in attrs)
        self.text += [value for _, value in attrs if value]

    def handle_data(self, data):
        self.text.append(data)


def test_names_from_result_files_are_text_in_the_report(write_result, tmp_path, capsys):
    # Everything a result file names reaches the page through the templates' autoescape: a
    # driver, workload, reason or metadata value that looks like markup stays text, in element
    # content and in attributes (the chart's alt) alike.
    driver = 'Evil"><script>alert(1)</script>&Co'
    workload = "w&l <x-injected onclick=alert(2)>"
    reason = "<img src=x onerror=alert(3)>"
    for name, rate in ((driver, 2000.0), ("Kafka", 1000.0)):
        write_result(make_result(driver=name, workload=workload, mode="max-rate", publish_rates=[rate] * 3,
                                 extra={"statusReason": reason, "warnings": ["<b>&</b>"],
                                        "driverMetadata": {"client": "<i>1.0</i>"}}),
                     folder=tmp_path / "results")
    out = tmp_path / "report"
    assert main([str(tmp_path / "results"), "-o", str(out), "--no-svg", "--title", "A & <u>B</u>"]) == 0
    capsys.readouterr()
    page = (out / "report.html").read_text()
    parsed = _Elements()
    parsed.feed(page)
    assert not parsed.tags & {"script", "x-injected", "i", "u"}
    assert not parsed.attributes & {"onclick", "onerror"}
    # Each <img> is a chart (the alarm's <b> is the report's own).
    assert page.count("<img ") == page.count('<img class="chart"')
    assert "<img src=x" not in page and "<b>&" not in page
    text = "".join(parsed.text)
    for shown in (driver, workload, reason, "<b>&</b>", "client: <i>1.0</i>", "A & <u>B</u>"):
        assert shown in text, shown
    assert "Evil&#34;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;Co" in page


def test_no_module_writes_markup_of_its_own():
    # The templates are the one place where HTML is written and values are escaped.
    package = Path(mqbench_charts.__file__).parent
    for source in sorted(package.glob("*.py")):
        code = source.read_text(encoding="utf-8")
        assert not re.search(r"html\.escape|Markup\(|<(div|table|tr|td|th|span|details|dl|img|h[1-6])\b", code), source.name
