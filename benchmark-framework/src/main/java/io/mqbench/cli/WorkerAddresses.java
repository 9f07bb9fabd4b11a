package io.mqbench.cli;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.mqbench.config.UserError;
import io.mqbench.config.YamlFiles;
import java.io.File;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The worker URLs of {@code -w} or of a workers file, checked. The file is OMB's format:
 *
 * <pre>
 * workers:
 *   - http://10.0.0.1:8080
 *   - http://10.0.0.2:8080
 * </pre>
 */
final class WorkerAddresses {
    private WorkerAddresses() {}

    /** The YAML shape of a workers file; strict, like every other file. */
    static final class WorkersFile {
        @JsonProperty(required = true)
        public List<String> workers;
    }

    static List<URI> fromOption(List<String> urls) {
        return parseAll(urls, "-w");
    }

    static List<URI> fromFile(File file) {
        WorkersFile parsed = YamlFiles.read(file, WorkersFile.class);
        if (parsed.workers == null || parsed.workers.isEmpty()) {
            throw new UserError(file + ": field 'workers' is missing or empty; list the worker URLs, e.g. workers: [http://10.0.0.1:8080, http://10.0.0.2:8080]");
        }
        return parseAll(parsed.workers, file + ": field 'workers'");
    }

    private static List<URI> parseAll(List<String> texts, String source) {
        List<URI> urls = new ArrayList<>();
        Set<URI> seen = new LinkedHashSet<>();
        for (String text : texts) {
            URI url = parse(text, source);
            if (!seen.add(url)) {
                throw new UserError(source + ": " + url + " is listed twice; list each worker once");
            }
            urls.add(url);
        }
        return urls;
    }

    /** {@code http://host:port}, normalised without a trailing slash. */
    static URI parse(String text, String source) {
        String given = text == null ? "" : text.strip();
        String example = "write a worker as a URL, e.g. http://10.0.0.1:8080";
        if (given.isEmpty()) {
            throw new UserError(source + ": an empty worker address; " + example);
        }
        if (!given.contains("://")) {
            throw new UserError(source + ": '" + given + "' is not an http:// URL; " + example);
        }
        URI url;
        try {
            url = new URI(given);
        } catch (URISyntaxException e) {
            throw new UserError(source + ": '" + given + "' is not a URL (" + e.getReason() + "); " + example);
        }
        String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new UserError(source + ": '" + given + "' is not an http:// URL; " + example);
        }
        if (url.getHost() == null) {
            throw new UserError(source + ": '" + given + "' names no host; " + example);
        }
        if (url.getRawUserInfo() != null) {
            throw new UserError(source + ": '" + url.getHost() + "': credentials do not go into the URL; start the workers with"
                    + " --token-file and give bin/benchmark the same --token-file");
        }
        if ((url.getRawPath() != null && !url.getRawPath().isEmpty() && !url.getRawPath().equals("/"))
                || url.getRawQuery() != null || url.getRawFragment() != null) {
            throw new UserError(source + ": '" + given + "': a worker URL has no path, query or fragment; " + example);
        }
        try {
            return new URI(scheme, null, url.getHost(), url.getPort(), null, null, null);
        } catch (URISyntaxException e) {
            throw new UserError(source + ": '" + given + "' is not a URL: " + e.getReason());
        }
    }
}
