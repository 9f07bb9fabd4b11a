package io.mqbench.driver.support;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class BodyBufferTest {

    @Test
    void bodiesOfOneSizeShareAnArrayAndEachIsHandedOverWhole() {
        BodyBuffer buffer = new BodyBuffer();
        byte[] first = buffer.array(4);
        System.arraycopy(new byte[] {1, 2, 3, 4}, 0, first, 0, 4);
        ByteBuffer body = buffer.body();
        body.get(new byte[3]); // a reader that stops part way must not shorten the next body
        byte[] second = buffer.array(4);
        assertSame(first, second, "no array per delivery");
        System.arraycopy(new byte[] {5, 6, 7, 8}, 0, second, 0, 4);
        ByteBuffer next = buffer.body();
        assertEquals(4, next.remaining());
        byte[] read = new byte[4];
        next.get(read);
        assertArrayEquals(new byte[] {5, 6, 7, 8}, read);
    }

    @Test
    void aBodyOfAnotherSizeGetsAnArrayOfExactlyItsSize() {
        BodyBuffer buffer = new BodyBuffer();
        byte[] small = buffer.array(16);
        byte[] large = buffer.array(1024);
        assertNotSame(small, large);
        assertEquals(1024, large.length);
        assertEquals(1024, buffer.body().remaining(), "the harness counts the body's size from the buffer");
        assertEquals(0, buffer.array(0).length);
        assertEquals(0, buffer.body().remaining());
    }
}
