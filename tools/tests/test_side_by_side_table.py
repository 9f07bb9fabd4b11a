"""docs/bench/side_by_side_table.py: upstream's and mqbench's runs row by row, then per broker the
ratio of the means against the check's 0.97, pair by pair, how far apart the repeats are, and the
ratio over the pairs the host left alone."""
import importlib.util
import json
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]

spec = importlib.util.spec_from_file_location("side_by_side_table", ROOT / "docs" / "bench" / "side_by_side_table.py")
side_by_side_table = importlib.util.module_from_spec(spec)
spec.loader.exec_module(side_by_side_table)


def upstream_run(folder, n, periods, steal):
    """An upstream result of six 10-s periods, its log and the host's share recorded around it."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"upstream-workload-2026-12-07-10-{n:02d}.json").write_text(json.dumps(
        {"publishRate": periods, "consumeRate": periods, "aggregatedPublishDelayLatency50pct": 60_000_000}))
    (folder / f"run-{n}.log").write_text("")
    (folder / f"run-{n}.steal").write_text(f"{steal}\n")


def mqbench_run(folder, n, rate, steal, held=True):
    folder.mkdir(parents=True, exist_ok=True)
    discovery = {"foundRate": rate, "converged": True, "convergedAtSecond": 150, "measuredPhases": [{"held": held}]}
    (folder / f"max-1kb-2026-12-07-11-{n:02d}.json").write_text(json.dumps(
        {"summary": {"publishRate": {"mean": rate}, "consumeRate": {"mean": rate}},
         "rateDiscovery": discovery, "clientLoad": {"workers": [{"hostStealShare": steal}]}}))


def summary_lines(capsys):
    return [line for line in capsys.readouterr().out.splitlines() if line and not line.startswith("|")]


def test_the_ratio_of_the_means_pair_by_pair_and_without_the_disturbed_pair(tmp_path, capsys):
    upstream, mqbench = tmp_path / "upstream" / "rabbitmq", tmp_path / "mqbench" / "rabbitmq"
    upstream_run(upstream, 1, [40_000] * 6, 0.001)
    upstream_run(upstream, 2, [30_000] * 6, 0.115)   # the host took 11.5 % of this one
    mqbench_run(mqbench, 1, 39_000, 0.002)
    mqbench_run(mqbench, 2, 36_000, 0.003)
    side_by_side_table.main(str(tmp_path))
    lines = summary_lines(capsys)
    # (39 + 36) / (40 + 30) = 1.07; pairs 0.975 and 1.20; mqbench's repeats 8.3 % apart, upstream's 33.3 %.
    assert lines[0] == ("rabbitmq: mqbench / upstream 1.07 (means of 2 and 2 runs; at least 0.97); pair by pair 0.97, 1.20;"
                        " mqbench's repeats 8.3 % apart (more than 5 %), upstream's 33.3 %")
    assert lines[1] == "rabbitmq: over the 1 of 2 pairs in which the host took under 2 % of the CPU in both runs, mqbench / upstream 0.97"
    assert len(lines) == 2


def test_a_shortfall_is_said_and_every_pair_disturbed_too(tmp_path, capsys):
    upstream, mqbench = tmp_path / "upstream" / "artemis", tmp_path / "mqbench" / "artemis"
    upstream_run(upstream, 1, [20_000] * 6, 0.03)
    mqbench_run(mqbench, 1, 19_000, 0.0)
    side_by_side_table.main(str(tmp_path))
    out = capsys.readouterr().out
    assert "| artemis | upstream | 1 | 20,000 | 20,000 | open loop; publish delay p50 60.0 s; the host took 3.0 % over the whole run |" in out
    assert "| artemis | mqbench | 1 | 19,000 | 19,000 | found 19,000; converged at 150 s; measured phase held; the host took 0.0 % |" in out
    lines = [line for line in out.splitlines() if line and not line.startswith("|")]
    assert lines == ["artemis: mqbench / upstream 0.95 (means of 1 and 1 runs; under 0.97); pair by pair 0.95",
                     "artemis: the host took 2 % of the CPU or more in a run of every pair (or it was not recorded):"
                     " these pairs met a machine that changed under them"]


def test_upstreams_redis_rate_comes_from_its_log_when_it_wrote_no_result(tmp_path, capsys):
    upstream, mqbench = tmp_path / "upstream" / "redis", tmp_path / "mqbench" / "redis"
    upstream.mkdir(parents=True)
    periods = "".join(f"12:00:{10 * i:02d} INFO WorkloadGenerator - Pub rate {rate:.1f} msg/s / 11.0 MB/s | Pub err 0.0 err/s"
                      f" | Cons rate {rate:.1f} msg/s / 11.0 MB/s | Backlog: 0.0 K\n" for i, rate in enumerate((9_000, 11_000)))
    warm_up = "12:00:00 INFO WorkloadGenerator - Pub rate 5000.0 msg/s / 5.0 MB/s | Pub err 0.0 err/s | Cons rate 5000.0 msg/s / 5.0 MB/s\n"
    (upstream / "run-1.log").write_text(warm_up + "12:00:05 INFO WorkloadGenerator - ----- Starting benchmark traffic -----\n" + periods)
    mqbench_run(mqbench, 1, 100_000, 0.0, held=False)
    side_by_side_table.main(str(tmp_path))
    out = capsys.readouterr().out
    assert "| redis | upstream | 1 | 10,000 | 10,000 | open loop; from its log, 2 periods (it wrote no result file);" in out
    assert "measured phase did NOT hold" in out
    assert "redis: mqbench / upstream 10.00 (means of 1 and 1 runs; at least 0.97); pair by pair 10.00" in out


def test_a_repeat_without_a_result_leaves_a_gap_and_the_other_repeats_pair_as_they_ran(tmp_path, capsys):
    """Each log names its result file: upstream's first run timed out without one, so its second
    file pairs with mqbench's second run and takes the host's share recorded around the second run
    (paired in order, it went with mqbench's first run and the first run's share)."""
    upstream, mqbench = tmp_path / "upstream" / "kafka", tmp_path / "mqbench" / "kafka"
    upstream.mkdir(parents=True)
    (upstream / "run-1.log").write_text("10:00:00 INFO Benchmark - Starting\n")  # timed out: no file, no period
    (upstream / "run-1.steal").write_text("0.150\n")
    (upstream / "upstream-workload-Kafka-2026-12-07-10-20-00.json").write_text(json.dumps(
        {"publishRate": [200_000] * 6, "consumeRate": [200_000] * 6}))
    (upstream / "run-2.log").write_text(
        "10:20:00.115 [main] INFO Benchmark - Writing test result into upstream-workload-Kafka-2026-12-07-10-20-00.json\n")
    (upstream / "run-2.steal").write_text("0.001\n")
    for n, rate in ((1, 150_000), (2, 210_000)):
        mqbench_run(mqbench, n, rate, 0.001)
        name = f"max-1kb-2026-12-07-11-{n:02d}.json"
        (mqbench / f"run-{n}.log").write_text(f"-- measure for 60s\n-- result (complete): {mqbench / name}\n")
    side_by_side_table.main(str(tmp_path))
    out = capsys.readouterr().out
    assert "| kafka | upstream | 1 | - | - | no result: no result file and no measured period in its log |" in out
    assert "| kafka | upstream | 2 | 200,000 | 200,000 | open loop; the host took 0.1 % over the whole run |" in out
    lines = [line for line in out.splitlines() if line and not line.startswith("|")]
    # means 180,000 / 200,000 = 0.90; the one pair is the second repeat's: 210,000 / 200,000
    assert lines[0] == ("kafka: mqbench / upstream 0.90 (means of 2 and 1 runs; under 0.97); pair by pair 1.05;"
                        " mqbench's repeats 40.0 % apart (more than 5 %), upstream's n/a")
    assert lines[1:] == []
