package io.mqbench.coordinator;

/** One named step of a run (docs/architecture.md, "How a run flows"). Phases run in order on one {@link RunContext}. */
interface Phase {
    /** Shown to the user as the phase starts. */
    String title(RunContext ctx);

    void run(RunContext ctx) throws Exception;
}
