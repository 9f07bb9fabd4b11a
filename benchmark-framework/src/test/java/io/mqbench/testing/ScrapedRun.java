package io.mqbench.testing;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A short local loopback run with {@code --metrics-port 0}, scraped while it goes on: the page
 * once the load runs and both ends have counted messages, and the command's end.
 */
public final class ScrapedRun {
    private static final Pattern METRICS_URL = Pattern.compile("metrics: (http://\\S+/metrics)");
    public static final String DRIVER = LoopbackDriverYaml.named("Loopback");

    public final BenchmarkCli cli;
    public final String url;
    /** The page while the measured phase runs. */
    public final ScrapedMetrics during;

    private ScrapedRun(BenchmarkCli cli, String url, ScrapedMetrics during) {
        this.cli = cli;
        this.url = url;
        this.during = during;
    }

    /** Runs workload {@code name} (500 msg/s, 5 s, no warm-up) and waits for its end. */
    public static ScrapedRun of(Path dir, String name) throws Exception {
        Path driver = TempFiles.write(dir, "driver.yaml", DRIVER);
        Path workload = TempFiles.write(dir, name + ".yaml", TempFiles.fixedRateWorkloadText(name, 1, 100, 500, 5, 0));
        BenchmarkCli cli = new BenchmarkCli();
        Thread run = new Thread(() -> cli.execute("-d", driver.toString(), "-o", dir.resolve("out").toString(),
                "--metrics-port", "0", workload.toString()), "scraped-run");
        run.start();
        try {
            String url = awaitMetricsUrl(cli);
            ScrapedMetrics page = awaitTraffic(url);
            run.join(60_000);
            return new ScrapedRun(cli, url, page);
        } finally {
            if (run.isAlive()) {
                cli.stop.stop("the test is over");
                run.join(60_000);
            }
        }
    }

    /**
     * The page's URL once the whole line is printed: the console writes it in pieces, and a read
     * in between saw "metrics: http://127.0.0.1:" (CI, three test JVMs at once).
     */
    private static String awaitMetricsUrl(BenchmarkCli cli) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 60_000;
        while (true) {
            Matcher matcher = METRICS_URL.matcher(cli.out());
            if (matcher.find()) {
                return matcher.group(1);
            }
            if (System.currentTimeMillis() > deadline) {
                throw new AssertionError("no metrics URL within a minute in: " + cli.out() + cli.err());
            }
            Thread.sleep(20);
        }
    }

    private static ScrapedMetrics awaitTraffic(String url) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 20_000;
        while (true) {
            HttpResponse<String> response = RawHttp.get(url);
            if (response.statusCode() != 200) {
                throw new AssertionError(url + ": " + response.statusCode() + " " + response.body());
            }
            ScrapedMetrics page = ScrapedMetrics.parse(response.body());
            if (!page.samples("mqbench_worker_end_to_end_latency_seconds_count").isEmpty()
                    && page.samples("mqbench_worker_end_to_end_latency_seconds_count").get(0).value() > 100) {
                return page;
            }
            if (System.currentTimeMillis() > deadline) {
                throw new AssertionError("no traffic on the page: " + response.body());
            }
            Thread.sleep(100);
        }
    }
}
