package io.mqbench.coordinator.maxrate;

import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * A least-squares line through a series of samples: its slope (units per second) and the slope's
 * standard error. Rates and backlog growth are judged on this rather than on the first and last
 * sample, so a hiccup at either end of a window (a batch of acknowledgements arriving together, a
 * consumer's poll) does not decide a verdict.
 */
public record Trend(double slope, double standardError) {

    static Trend of(List<LoadSample> samples, ToDoubleFunction<LoadSample> value) {
        int n = samples.size();
        if (n < 2) {
            return new Trend(0, Double.POSITIVE_INFINITY);
        }
        long origin = samples.get(0).nanos();
        double meanT = 0;
        double meanY = 0;
        for (LoadSample s : samples) {
            meanT += (s.nanos() - origin) / 1e9;
            meanY += value.applyAsDouble(s);
        }
        meanT /= n;
        meanY /= n;
        double stt = 0;
        double sty = 0;
        for (LoadSample s : samples) {
            double dt = (s.nanos() - origin) / 1e9 - meanT;
            stt += dt * dt;
            sty += dt * (value.applyAsDouble(s) - meanY);
        }
        if (stt == 0) {
            return new Trend(0, Double.POSITIVE_INFINITY);
        }
        double slope = sty / stt;
        if (n < 3) {
            return new Trend(slope, Double.POSITIVE_INFINITY);
        }
        double residuals = 0;
        for (LoadSample s : samples) {
            double t = (s.nanos() - origin) / 1e9;
            double fitted = meanY + slope * (t - meanT);
            double r = value.applyAsDouble(s) - fitted;
            residuals += r * r;
        }
        return new Trend(slope, Math.sqrt(residuals / (n - 2) / stt));
    }
}
