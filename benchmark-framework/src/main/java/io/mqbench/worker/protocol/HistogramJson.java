package io.mqbench.worker.protocol;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import io.mqbench.stats.HistogramCodec;
import java.io.IOException;
import org.HdrHistogram.Histogram;

/**
 * Histograms on the wire as OMB sends them: HdrHistogram's compressed encoding as a JSON binary
 * value (a base64 string), so the coordinator merges the workers' histograms exactly.
 */
final class HistogramJson {
    private HistogramJson() {}

    static SimpleModule module() {
        SimpleModule module = new SimpleModule("mqbench-histograms");
        module.addSerializer(Histogram.class, new Writer());
        module.addDeserializer(Histogram.class, new Reader());
        return module;
    }

    private static final class Writer extends StdSerializer<Histogram> {
        private static final long serialVersionUID = 1L;

        Writer() {
            super(Histogram.class);
        }

        @Override
        public void serialize(Histogram histogram, JsonGenerator generator, SerializerProvider provider) throws IOException {
            generator.writeBinary(HistogramCodec.toCompressedBytes(histogram));
        }
    }

    private static final class Reader extends StdDeserializer<Histogram> {
        private static final long serialVersionUID = 1L;

        Reader() {
            super(Histogram.class);
        }

        @Override
        public Histogram deserialize(JsonParser parser, DeserializationContext context) throws IOException {
            try {
                return HistogramCodec.fromCompressedBytes(parser.getBinaryValue());
            } catch (IllegalArgumentException e) {
                return (Histogram) context.handleWeirdStringValue(Histogram.class, parser.getText(), e.getMessage());
            }
        }
    }
}
