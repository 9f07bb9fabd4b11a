"""The shared distributions folder: a distribution counts as installed only when its `.complete`
marker holds the fingerprint of what is asked for now, so a changed POM fetches again."""
import os
import sys

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
sys.path.insert(0, os.path.join(REPO, "tools"))

from brokers import install, paths  # noqa: E402


def test_a_distribution_is_complete_only_for_the_fingerprint_it_was_made_for(tmp_path):
    dist = tmp_path / "kafka-3.9.1"
    assert not install.is_complete(str(dist), "abc"), "no folder, not installed"
    dist.mkdir()
    assert not install.is_complete(str(dist), "abc"), "no marker (a half-finished copy), not installed"
    install.mark_complete(str(dist), "abc")
    assert install.is_complete(str(dist), "abc")
    assert not install.is_complete(str(dist), "abd"), "another POM or module asks for another install"


def test_a_marker_of_the_old_layout_holding_only_a_time_is_not_taken_for_complete(tmp_path):
    (tmp_path / ".complete").write_text("2026-11-20T10:00:00\n")
    assert not install.is_complete(str(tmp_path), "abc")


def test_distributions_are_kept_apart_from_the_checkout_in_the_user_cache():
    if os.environ.get("MQBENCH_BROKERS_DIST"):
        assert paths.DIST == os.path.realpath(os.environ["MQBENCH_BROKERS_DIST"])
    else:
        cache = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        assert paths.DIST == os.path.realpath(os.path.join(cache, "mqbench", "brokers"))
    assert not paths.DIST.startswith(paths.STATE + os.sep), "a fresh clone must not fetch every broker again"
