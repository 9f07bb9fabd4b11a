package io.mqbench.worker.commands;

/** How many topics to create and with how many partitions (OMB's {@code /create-topics} body). */
public class TopicsInfo {
    public int numberOfTopics;
    public int numberOfPartitionsPerTopic;

    public TopicsInfo() {}

    public TopicsInfo(int numberOfTopics, int numberOfPartitionsPerTopic) {
        this.numberOfTopics = numberOfTopics;
        this.numberOfPartitionsPerTopic = numberOfPartitionsPerTopic;
    }
}
