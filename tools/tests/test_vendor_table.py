"""docs/bench/vendor_table.py: the ratio of each pair, the host's steal beside it, and a mean
without the pairs in which the host took a notable share of the CPU."""
import importlib.util
import json
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]

spec = importlib.util.spec_from_file_location("vendor_table", ROOT / "docs" / "bench" / "vendor_table.py")
vendor_table = importlib.util.module_from_spec(spec)
spec.loader.exec_module(vendor_table)


def perf_client_log(path, warmup_rate, measured_rate, warmup=2, measured=3):
    """What `artemis perf client` prints, a block a second."""
    blocks = [("true", warmup_rate)] * warmup + [("false", measured_rate)] * measured
    path.write_text("".join(f"--- warmup {w}\n--- sent: {r} msg/sec\n--- blocked: 0\n"
                            f"--- completed: {r} msg/sec\n--- received: {r} msg/sec\n" for w, r in blocks))


def mqbench_result(path, rate, steal):
    summary = {"publishRate": {"mean": rate}, "consumeRate": {"mean": rate}}
    path.write_text(json.dumps({"summary": summary, "clientLoad": {"workers": [{"hostStealShare": steal}]}}))


def artemis_folders(out):
    """The vendor tool's and mqbench's folders of vendor-tools.sh for Artemis."""
    vendor, mqbench = out / "vendor" / "artemis", out / "mqbench" / "artemis"
    vendor.mkdir(parents=True)
    mqbench.mkdir(parents=True)
    return vendor, mqbench


def test_each_pair_shows_its_steal_and_the_calm_mean_leaves_disturbed_pairs_out(tmp_path, capsys):
    vendor, mqbench = artemis_folders(tmp_path)
    # Pair 1 calm (1.10x); pair 2: the host took 8 % during the vendor's run (0.50x).
    perf_client_log(vendor / "run-1.log", 5, 1000)
    (vendor / "run-1.steal").write_text("0.0040\n")
    mqbench_result(mqbench / "a-2026-12-07-00-01.json", 1100, 0.001)
    perf_client_log(vendor / "run-2.log", 5, 2000)
    (vendor / "run-2.steal").write_text("0.0800\n")
    mqbench_result(mqbench / "a-2026-12-07-00-02.json", 1000, 0.0)

    vendor_table.main(str(tmp_path), 2, 3)

    out = capsys.readouterr().out.splitlines()
    assert "| artemis | artemis perf client | 1 | 1,000 / 1,000 | 1,100 / 1,100 | 1.10 | 0.4 / 0.1 |" in out
    assert "| artemis | artemis perf client | 2 | 2,000 / 2,000 | 1,000 / 1,000 | 0.50 | 8.0 / 0.0 |" in out
    assert out[-1] == ("artemis: mqbench / vendor 0.50-1.10 over 2 pairs, mean 0.80; over the 1 pairs in which"
                       " the host took under 2% of the CPU in both runs, mean 1.10")


def test_without_steal_files_the_column_says_so_and_no_calm_mean_is_claimed(tmp_path, capsys):
    vendor, mqbench = artemis_folders(tmp_path)
    perf_client_log(vendor / "run-1.log", 5, 1000)
    mqbench_result(mqbench / "a.json", 900, 0.003)

    vendor_table.main(str(tmp_path), 2, 3)

    out = capsys.readouterr().out.splitlines()
    assert "| artemis | artemis perf client | 1 | 1,000 / 1,000 | 900 / 900 | 0.90 | n/a / 0.3 |" in out
    assert out[-1] == "artemis: mqbench / vendor 0.90-0.90 over 1 pairs, mean 0.90"


def test_with_broker_and_clients_placed_apart_each_run_shows_how_busy_their_cpus_were(tmp_path, capsys):
    vendor, mqbench = artemis_folders(tmp_path)
    perf_client_log(vendor / "run-1.log", 5, 1000)
    (vendor / "run-1.cpus").write_text("client=0.6512 broker=0.9781\n")
    mqbench_result(mqbench / "a-1.json", 1000, 0.001)
    (mqbench / "run-1.cpus").write_text("client=0.7220 broker=0.9644\n")
    perf_client_log(vendor / "run-2.log", 5, 1000)
    mqbench_result(mqbench / "a-2.json", 1000, 0.001)     # no .cpus: a run that ended before the stretch

    vendor_table.main(str(tmp_path), 2, 3)

    out = capsys.readouterr().out.splitlines()
    assert out[0].endswith("| client / broker CPUs busy % (vendor; mqbench) |")
    assert "| artemis | artemis perf client | 1 | 1,000 / 1,000 | 1,000 / 1,000 | 1.00 | n/a / 0.1 | 65 / 98; 72 / 96 |" in out
    assert "| artemis | artemis perf client | 2 | 1,000 / 1,000 | 1,000 / 1,000 | 1.00 | n/a / 0.1 | n/a; n/a |" in out
    assert out[-1] == "artemis: over the 2 runs measured, the broker's CPUs were 96%-98% busy and the clients' 65%-72%"


def test_a_failed_mqbench_run_leaves_its_pair_empty_instead_of_shifting_the_next_result_onto_it(tmp_path, capsys):
    vendor, mqbench = artemis_folders(tmp_path)
    for n, rate in ((1, 1000), (2, 2000)):
        perf_client_log(vendor / f"run-{n}.log", 5, rate)
    (mqbench / "run-1.log").write_text("error: the broker did not answer\n")   # mqbench's first run wrote no result
    mqbench_result(mqbench / "a-2026-12-07-00-02.json", 1900, 0.001)
    (mqbench / "run-2.log").write_text(f"-- result (complete): {mqbench / 'a-2026-12-07-00-02.json'}\n")

    vendor_table.main(str(tmp_path), 2, 3)

    out = capsys.readouterr().out.splitlines()
    assert "| artemis | artemis perf client | 1 | 1,000 / 1,000 | n/a / n/a | n/a | n/a / n/a |" in out
    assert "| artemis | artemis perf client | 2 | 2,000 / 2,000 | 1,900 / 1,900 | 0.95 | n/a / 0.1 |" in out
    assert out[-1] == "artemis: mqbench / vendor 0.95-0.95 over 1 pairs, mean 0.95"
