package io.mqbench.deploy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A Dockerfile as its stages and instructions: enough for DockerfileChecks to read what each
 * stage is built from, copies, runs and runs as. Continuation lines are joined and comments
 * dropped; the JSON ("exec") form of COPY is not used by deploy/Dockerfile and is refused.
 */
record ParsedDockerfile(List<Stage> stages) {

    /** One instruction, its keyword in capitals, with the line it starts on. */
    record Instruction(String keyword, String arguments, int line) {
        @Override
        public String toString() {
            return "line " + line + ": " + keyword + " " + arguments;
        }
    }

    /** {@code COPY [--from=stage] [--chown=...] source... destination}. */
    record Copy(String from, List<String> sources, String destination, int line) {}

    /** A FROM and what follows it up to the next FROM. */
    record Stage(String image, String name, List<Instruction> instructions) {
        List<Instruction> all(String keyword) {
            return instructions.stream().filter(i -> i.keyword().equals(keyword)).toList();
        }

        List<Copy> copies() {
            return all("COPY").stream().map(ParsedDockerfile::copy).toList();
        }

        /** The WORKDIR in force at the end of the stage ("/" without one). */
        String workdir() {
            List<Instruction> workdirs = all("WORKDIR");
            return workdirs.isEmpty() ? "/" : workdirs.get(workdirs.size() - 1).arguments();
        }
    }

    static ParsedDockerfile parse(String text) {
        List<Stage> stages = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        StringBuilder pending = new StringBuilder();
        int start = 0;
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.startsWith("#") || (line.isEmpty() && pending.isEmpty())) {
                continue; // a comment, also between continued lines, as Docker reads them
            }
            if (pending.isEmpty()) {
                start = i + 1;
            }
            boolean continues = line.endsWith("\\");
            pending.append(continues ? line.substring(0, line.length() - 1) : line).append(' ');
            if (!continues) {
                add(stages, pending.toString().strip(), start);
                pending.setLength(0);
            }
        }
        if (!pending.isEmpty()) {
            add(stages, pending.toString().strip(), start);
        }
        return new ParsedDockerfile(stages);
    }

    private static void add(List<Stage> stages, String instruction, int line) {
        if (instruction.isEmpty()) {
            return;
        }
        String[] parts = instruction.split("\\s+", 2);
        Instruction parsed = new Instruction(parts[0].toUpperCase(), parts.length > 1 ? parts[1].strip() : "", line);
        if (parsed.keyword().equals("FROM")) {
            List<String> words = words(parsed.arguments()).stream().filter(w -> !w.startsWith("--")).toList();
            String name = words.size() == 3 && words.get(1).equalsIgnoreCase("AS") ? words.get(2) : null;
            stages.add(new Stage(words.get(0), name, new ArrayList<>()));
        } else if (stages.isEmpty()) {
            if (!parsed.keyword().equals("ARG")) {
                throw new IllegalArgumentException(parsed + " comes before any FROM");
            }
        } else {
            stages.get(stages.size() - 1).instructions().add(parsed);
        }
    }

    static Copy copy(Instruction copy) {
        if (copy.arguments().startsWith("[")) {
            throw new IllegalArgumentException(copy + ": the JSON form of COPY is not read here");
        }
        String from = null;
        List<String> paths = new ArrayList<>();
        for (String word : words(copy.arguments())) {
            if (word.startsWith("--from=")) {
                from = word.substring("--from=".length());
            } else if (!word.startsWith("--")) {
                paths.add(word);
            }
        }
        if (paths.size() < 2) {
            throw new IllegalArgumentException(copy + ": a COPY needs a source and a destination");
        }
        return new Copy(from, paths.subList(0, paths.size() - 1), paths.get(paths.size() - 1), copy.line());
    }

    private static List<String> words(String text) {
        return Arrays.stream(text.strip().split("\\s+")).filter(w -> !w.isEmpty()).toList();
    }

    Stage last() {
        return stages.get(stages.size() - 1);
    }

    /** The stage a {@code --from=} names: by its name, or by its index. */
    Stage stage(String reference) {
        for (Stage stage : stages) {
            if (reference.equals(stage.name())) {
                return stage;
            }
        }
        return reference.matches("\\d+") ? stages.get(Integer.parseInt(reference)) : null;
    }
}
