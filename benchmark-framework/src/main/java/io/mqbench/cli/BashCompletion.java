package io.mqbench.cli;

import picocli.AutoComplete;
import picocli.CommandLine;

/**
 * The bash completion script of a command, written by picocli from the command's own options (so
 * it never falls behind them), bound to the ways people type it: {@code benchmark} as picocli
 * binds it, and {@code bin/benchmark} and {@code ./bin/benchmark}, since bash completes by the
 * command word as typed.
 */
final class BashCompletion {
    private BashCompletion() {}

    static String of(CommandLine command) {
        String name = command.getCommandName();
        String function = "_complete_" + name;
        String script = AutoComplete.bash(name, command);
        if (!script.contains(function)) {
            throw new IllegalStateException("picocli's completion script has no function " + function);
        }
        return script + "\n# mqbench: also as typed from the repository or an unpacked release\n"
                + "complete -F " + function + " -o default bin/" + name + " ./bin/" + name + "\n";
    }
}
