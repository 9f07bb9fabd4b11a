package io.mqbench.coordinator;

/** Starts the driver on the worker(s) and notes what it says about itself. */
final class InitializeDriver implements Phase {
    @Override
    public String title(RunContext ctx) {
        return "initialize driver " + ctx.driver.name() + " (" + ctx.driver.driverClass() + ")";
    }

    @Override
    public void run(RunContext ctx) throws Exception {
        ctx.worker.initializeDriver(ctx.driver.file());
        ctx.result.driverMetadata = ctx.worker.getDriverMetadata();
    }
}
