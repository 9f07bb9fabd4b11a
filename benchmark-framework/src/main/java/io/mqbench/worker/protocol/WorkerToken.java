package io.mqbench.worker.protocol;

import io.mqbench.config.UserError;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.security.MessageDigest;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The shared secret between a worker and its coordinator, read from a file (its first line) so it
 * never shows in a process list. Requests carry it as {@code Authorization: Bearer <token>}; the
 * worker compares in constant time and never logs what it was sent.
 */
public final class WorkerToken {
    private static final Logger log = LoggerFactory.getLogger(WorkerToken.class);
    static final int MIN_LENGTH = 16;

    private final byte[] expectedHeader;
    private final String header;

    private WorkerToken(String token) {
        this.header = WorkerProtocol.BEARER + token;
        this.expectedHeader = header.getBytes(StandardCharsets.UTF_8);
    }

    /** Reads a token file; every way it can be unusable is a {@link UserError} naming the file. */
    public static WorkerToken load(Path file, String option) {
        if (!Files.exists(file)) {
            throw new UserError(option + ": " + file + ": no such file; create one, e.g. openssl rand -hex 32 > " + file);
        }
        if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
            throw new UserError(option + ": " + file + ": not a readable file");
        }
        String token;
        try {
            token = Files.readAllLines(file, StandardCharsets.UTF_8).stream().findFirst().orElse("").strip();
        } catch (IOException e) {
            throw new UserError(option + ": " + file + ": cannot read: " + e.getMessage(), e);
        } catch (java.io.UncheckedIOException e) {
            throw new UserError(option + ": " + file + ": not a text file", e);
        }
        if (token.length() < MIN_LENGTH) {
            throw new UserError(option + ": " + file + ": the token on its first line has " + token.length()
                    + " characters; use at least " + MIN_LENGTH + ", e.g. openssl rand -hex 32 > " + file);
        }
        if (token.chars().anyMatch(c -> c < 0x21 || c > 0x7e)) {
            throw new UserError(option + ": " + file + ": the token may hold only printable ASCII without spaces");
        }
        warnIfOthersCanRead(file);
        return new WorkerToken(token);
    }

    /** The value of the {@code Authorization} header that carries this token. */
    public String authorizationHeader() {
        return header;
    }

    /** True if a request's {@code Authorization} header carries this token. */
    public boolean accepts(String authorization) {
        if (authorization == null) {
            return false;
        }
        return MessageDigest.isEqual(expectedHeader, authorization.getBytes(StandardCharsets.UTF_8));
    }

    private static void warnIfOthersCanRead(Path file) {
        try {
            Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(file);
            // Group-readable is how Kubernetes (fsGroup) and shared service groups hand secrets over.
            if (permissions.contains(PosixFilePermission.OTHERS_READ)) {
                log.warn("{} can be read by every user of this machine; make it private: chmod 600 {}", file, file);
            }
        } catch (UnsupportedOperationException | IOException e) {
            // Not a POSIX file system: nothing to check.
        }
    }
}
