package io.mqbench.cli;

import io.mqbench.coordinator.StopSignal;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.UsageMessageSpec;
import picocli.codegen.docgen.manpage.ManPageGenerator;

/**
 * The man pages of bin/benchmark and bin/benchmark-worker (docs/man), written by picocli's
 * ManPageGenerator from the very command specs that print {@code --help}, so the two cannot
 * drift apart; asciidoctor turns the AsciiDoc into troff. tools/man/render.sh runs {@link #main};
 * ManPageTest checks the committed files are what this writes today.
 *
 * <p>A test class, not shipped: picocli-codegen stays off bin/benchmark's classpath.
 */
public final class ManPages {
    /** File name (without extension) to the command it documents. */
    static Map<String, CommandSpec> commands() {
        PrintStream nowhere = new PrintStream(PrintStream.nullOutputStream());
        return Map.of(
                "benchmark", new CommandLine(new BenchmarkCommand(nowhere, new StopSignal())).getCommandSpec(),
                "benchmark-worker", new CommandLine(new WorkerCommand(nowhere, nowhere)).getCommandSpec());
    }

    /**
     * Asciidoctor's manpage backend. {@code reproducible} leaves out the date it would otherwise
     * stamp (the AsciiDoc file's modification time), so the same AsciiDoc always gives the same page.
     */
    static List<String> asciidoctorCommand(String asciidoctor, Path adoc, Path out) {
        return List.of(asciidoctor, "--backend", "manpage", "--attribute", "reproducible", "--out-file", out.toString(), adoc.toString());
    }

    private ManPages() {}

    /** The AsciiDoc of one command's man page. */
    static String asciidoc(CommandSpec spec) {
        UsageMessageSpec usage = spec.usageMessage();
        // The help's headings end in a colon ("Examples:"); a man page's section titles do not.
        usage.footerHeading(sectionTitle(usage.footerHeading()));
        usage.exitCodeListHeading(sectionTitle(usage.exitCodeListHeading()));
        // The help's synopsis lines are aligned under "Usage: "; a man page breaks them itself.
        if (usage.customSynopsis().length > 1) {
            usage.customSynopsis(hardBreaks(usage.customSynopsis()));
        }
        // The version provider says "mqbench dev" from compiled classes: a page naming no version
        // stays the same from one release to the next.
        spec.versionProvider(() -> new String[] {"mqbench"});
        StringWriter text = new StringWriter();
        try (PrintWriter writer = new PrintWriter(text)) {
            ManPageGenerator.writeSingleManPage(writer, spec);
        }
        // picocli names the manual after the command ("Benchmark-worker Manual"); both belong to one.
        return text.toString().replaceFirst("(?m)^:manmanual: .*$", ":manmanual: mqbench Manual");
    }

    /** The lines, unindented, each but the last ending in AsciiDoc's line break (" +"). */
    private static String[] hardBreaks(String[] lines) {
        String[] broken = new String[lines.length];
        for (int i = 0; i < lines.length; i++) {
            broken[i] = lines[i].strip() + (i < lines.length - 1 ? " +" : "");
        }
        return broken;
    }

    private static String sectionTitle(String heading) {
        return heading.replace("%n", "").strip().replaceFirst(":$", "");
    }

    /** Runs asciidoctor on one AsciiDoc file; returns its complaints (empty when it had none). */
    static String render(String asciidoctor, Path adoc, Path out) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(asciidoctorCommand(asciidoctor, adoc, out)).redirectErrorStream(true).start();
        String said = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(2, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new IOException("asciidoctor did not finish on " + adoc);
        }
        if (process.exitValue() != 0) {
            throw new IOException("asciidoctor failed on " + adoc + " (exit " + process.exitValue() + "):\n" + said);
        }
        return said;
    }

    /**
     * {@code ManPages <folder> [asciidoctor]}: writes NAME.adoc for each command into the folder,
     * then NAME.1 from it with the given asciidoctor (default: the one on the PATH).
     */
    public static void main(String[] args) throws Exception {
        if (args.length < 1 || args.length > 2) {
            System.err.println("usage: ManPages <folder> [asciidoctor]");
            System.exit(2);
        }
        Path folder = Files.createDirectories(Path.of(args[0]));
        String asciidoctor = args.length > 1 ? args[1] : "asciidoctor";
        List<String> complaints = new ArrayList<>();
        for (Map.Entry<String, CommandSpec> command : commands().entrySet()) {
            Path adoc = Files.writeString(folder.resolve(command.getKey() + ".adoc"), asciidoc(command.getValue()));
            Path page = folder.resolve(command.getKey() + ".1");
            String said = render(asciidoctor, adoc, page);
            if (!said.isBlank()) {
                complaints.add(adoc + ":\n" + said);
            }
            System.out.println("wrote " + adoc + " and " + page);
        }
        if (!complaints.isEmpty()) {
            // A warning from asciidoctor is markup that does not render as meant.
            System.err.println(String.join("\n", complaints));
            System.exit(1);
        }
    }
}
