package io.mqbench.worker.commands;

/** One consumer to create: its topic and subscription (an entry of OMB's consumer assignment). */
public class TopicSubscription {
    public String topic;
    public String subscription;

    public TopicSubscription() {}

    public TopicSubscription(String topic, String subscription) {
        this.topic = topic;
        this.subscription = subscription;
    }

    /** The key under which delivery is tracked: a subscription name is only unique per topic. */
    public String key() {
        return topic + "/" + subscription;
    }
}
