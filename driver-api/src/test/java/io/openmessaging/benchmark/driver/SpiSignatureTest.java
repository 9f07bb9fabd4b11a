package io.openmessaging.benchmark.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The driver SPI must stay binary compatible with upstream OpenMessaging Benchmark (docs/architecture.md, "The seams with OpenMessaging Benchmark"):
 * a driver jar built here has to load in an OMB worker and the other way round. This test pins every
 * public signature, so a change to the seam fails the build instead of failing in the field.
 */
class SpiSignatureTest {

    private static final String P = "io.openmessaging.benchmark.driver.";

    @Test
    void benchmarkDriverMethods() {
        assertMethods(
                BenchmarkDriver.class,
                "public abstract void " + P + "BenchmarkDriver.initialize(java.io.File,"
                        + "org.apache.bookkeeper.stats.StatsLogger) throws java.io.IOException,"
                        + "java.lang.InterruptedException",
                "public abstract java.lang.String " + P + "BenchmarkDriver.getTopicNamePrefix()",
                "public abstract java.util.concurrent.CompletableFuture<java.lang.Void> " + P
                        + "BenchmarkDriver.createTopic(java.lang.String,int)",
                "public default java.util.concurrent.CompletableFuture<java.lang.Void> " + P
                        + "BenchmarkDriver.createTopics(java.util.List<" + P
                        + "BenchmarkDriver$TopicInfo>)",
                "public abstract java.util.concurrent.CompletableFuture<" + P + "BenchmarkProducer> "
                        + P + "BenchmarkDriver.createProducer(java.lang.String)",
                "public default java.util.concurrent.CompletableFuture<java.util.List<" + P
                        + "BenchmarkProducer>> " + P + "BenchmarkDriver.createProducers("
                        + "java.util.List<" + P + "BenchmarkDriver$ProducerInfo>)",
                "public abstract java.util.concurrent.CompletableFuture<" + P + "BenchmarkConsumer> "
                        + P + "BenchmarkDriver.createConsumer(java.lang.String,java.lang.String," + P
                        + "ConsumerCallback)",
                "public default java.util.concurrent.CompletableFuture<java.util.List<" + P
                        + "BenchmarkConsumer>> " + P + "BenchmarkDriver.createConsumers("
                        + "java.util.List<" + P + "BenchmarkDriver$ConsumerInfo>)");
        assertTrue(AutoCloseable.class.isAssignableFrom(BenchmarkDriver.class));
        assertEquals(1, BenchmarkDriver.class.getInterfaces().length);
    }

    @Test
    void producerConsumerAndCallback() {
        assertMethods(
                BenchmarkProducer.class,
                "public abstract java.util.concurrent.CompletableFuture<java.lang.Void> " + P
                        + "BenchmarkProducer.sendAsync(java.util.Optional<java.lang.String>,byte[])");
        assertTrue(AutoCloseable.class.isAssignableFrom(BenchmarkProducer.class));

        assertMethods(BenchmarkConsumer.class);
        assertTrue(AutoCloseable.class.isAssignableFrom(BenchmarkConsumer.class));

        assertMethods(
                ConsumerCallback.class,
                "public abstract void " + P + "ConsumerCallback.messageReceived(byte[],long)",
                "public abstract void " + P
                        + "ConsumerCallback.messageReceived(java.nio.ByteBuffer,long)");
        assertEquals(0, ConsumerCallback.class.getInterfaces().length);
    }

    @Test
    void nestedValueClasses() throws Exception {
        assertValueClass(
                BenchmarkDriver.TopicInfo.class,
                new Class<?>[] {String.class, int.class},
                "public int " + P + "BenchmarkDriver$TopicInfo.getPartitions()",
                "public java.lang.String " + P + "BenchmarkDriver$TopicInfo.getTopic()");
        assertValueClass(
                BenchmarkDriver.ProducerInfo.class,
                new Class<?>[] {int.class, String.class},
                "public int " + P + "BenchmarkDriver$ProducerInfo.getId()",
                "public java.lang.String " + P + "BenchmarkDriver$ProducerInfo.getTopic()");
        assertValueClass(
                BenchmarkDriver.ConsumerInfo.class,
                new Class<?>[] {int.class, String.class, String.class, ConsumerCallback.class},
                "public int " + P + "BenchmarkDriver$ConsumerInfo.getId()",
                "public java.lang.String " + P + "BenchmarkDriver$ConsumerInfo.getTopic()",
                "public java.lang.String " + P + "BenchmarkDriver$ConsumerInfo.getSubscriptionName()",
                "public " + P + "ConsumerCallback " + P
                        + "BenchmarkDriver$ConsumerInfo.getConsumerCallback()");
    }

    @Test
    void valueClassesCarryWhatTheyWereGiven() {
        ConsumerCallback callback =
                new ConsumerCallback() {
                    @Override
                    public void messageReceived(byte[] payload, long publishTimestamp) {}

                    @Override
                    public void messageReceived(java.nio.ByteBuffer payload, long publishTimestamp) {}
                };
        BenchmarkDriver.ConsumerInfo info = new BenchmarkDriver.ConsumerInfo(7, "t", "s", callback);
        assertEquals(7, info.getId());
        assertEquals("t", info.getTopic());
        assertEquals("s", info.getSubscriptionName());
        assertEquals(callback, info.getConsumerCallback());
        assertEquals(new BenchmarkDriver.TopicInfo("a", 3), new BenchmarkDriver.TopicInfo("a", 3));
        assertEquals(3, new BenchmarkDriver.TopicInfo("a", 3).getPartitions());
        assertEquals("a", new BenchmarkDriver.ProducerInfo(2, "a").getTopic());
    }

    @Test
    void onlyTheSpiTypesLiveInTheSpiPackage() {
        // Anything added to this package becomes part of the seam; optional extras go to io.mqbench.
        Set<String> expected =
                Set.of("BenchmarkDriver", "BenchmarkProducer", "BenchmarkConsumer", "ConsumerCallback");
        for (Class<?> type :
                List.of(
                        BenchmarkDriver.class,
                        BenchmarkProducer.class,
                        BenchmarkConsumer.class,
                        ConsumerCallback.class)) {
            assertTrue(type.isInterface(), type + " must be an interface");
            assertTrue(Modifier.isPublic(type.getModifiers()));
            assertTrue(expected.contains(type.getSimpleName()));
        }
    }

    private static void assertValueClass(
            Class<?> type, Class<?>[] constructorArgs, String... getters) throws Exception {
        assertTrue(Modifier.isPublic(type.getModifiers()), type + " must be public");
        assertTrue(Modifier.isStatic(type.getModifiers()), type + " must be static");
        Constructor<?> constructor = type.getConstructor(constructorArgs);
        assertTrue(Modifier.isPublic(constructor.getModifiers()));
        Set<String> declared =
                Arrays.stream(type.getDeclaredMethods())
                        .filter(m -> Modifier.isPublic(m.getModifiers()))
                        .filter(m -> m.getName().startsWith("get"))
                        .map(Method::toGenericString)
                        .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(new TreeSet<>(Arrays.asList(getters)), declared);
    }

    private static void assertMethods(Class<?> type, String... expected) {
        Set<String> actual =
                Arrays.stream(type.getDeclaredMethods())
                        .filter(m -> Modifier.isPublic(m.getModifiers()))
                        .filter(m -> !m.isSynthetic())
                        .map(Method::toGenericString)
                        .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(new TreeSet<>(Arrays.asList(expected)), actual, "public methods of " + type);
    }
}
