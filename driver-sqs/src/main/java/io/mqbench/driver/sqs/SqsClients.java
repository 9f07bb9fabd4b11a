package io.mqbench.driver.sqs;

import java.net.URI;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.async.SdkAsyncHttpClient;
import software.amazon.awssdk.http.crt.AwsCrtAsyncHttpClient;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.sqs.SqsAsyncClient;
import software.amazon.awssdk.services.sqs.SqsAsyncClientBuilder;

/**
 * Builds the driver's one SQS client (the SDK recommends sharing a client: it holds the connection
 * pool and the event loop). The SDK owns the HTTP client it builds and closes it with the SQS client.
 */
final class SqsClients {
    private SqsClients() {}

    static SqsAsyncClient build(SqsSettings settings) {
        SqsAsyncClientBuilder builder = SqsAsyncClient.builder()
                .region(Region.of(settings.region))
                .credentialsProvider(credentials(settings))
                .checksumValidationEnabled(settings.checksumValidation)
                .httpClientBuilder(httpClient(settings));
        if (settings.endpoint != null) {
            builder.endpointOverride(URI.create(settings.endpoint.trim()));
        }
        return builder.build();
    }

    static SdkAsyncHttpClient.Builder<?> httpClient(SqsSettings settings) {
        return switch (settings.httpClientKind()) {
            case CRT -> AwsCrtAsyncHttpClient.builder().maxConcurrency(settings.maxConnections);
            case NETTY -> NettyNioAsyncHttpClient.builder().maxConcurrency(settings.maxConnections);
        };
    }

    private static AwsCredentialsProvider credentials(SqsSettings settings) {
        if (!settings.hasStaticCredentials()) {
            return DefaultCredentialsProvider.builder().build();
        }
        if (settings.sessionToken != null) {
            return StaticCredentialsProvider.create(AwsSessionCredentials.create(
                    settings.accessKeyId, settings.secretAccessKey, settings.sessionToken));
        }
        return StaticCredentialsProvider.create(AwsBasicCredentials.create(settings.accessKeyId, settings.secretAccessKey));
    }

    /** Where the credentials come from, for the result file: never the credentials themselves. */
    static String credentialsSource(SqsSettings settings) {
        if (!settings.hasStaticCredentials()) {
            return "SDK default credentials provider chain";
        }
        return settings.sessionToken != null ? "static session credentials from the driver file"
                : "static credentials from the driver file";
    }
}
