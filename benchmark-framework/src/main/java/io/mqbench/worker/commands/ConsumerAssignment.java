package io.mqbench.worker.commands;

import java.util.ArrayList;
import java.util.List;

/** The consumers a worker must create, one per entry (OMB's {@code /create-consumers} body). */
public class ConsumerAssignment {
    public List<TopicSubscription> topicsSubscriptions = new ArrayList<>();
}
