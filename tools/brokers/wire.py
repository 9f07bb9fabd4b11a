"""Small socket helpers shared by the protocol probes (each probe is one short connection)."""
import socket

from .ports import HOST


class ProbeError(Exception):
    """The peer did not answer as the protocol says (closed, timed out, or spoke something else)."""


def connect(port, timeout):
    try:
        return socket.create_connection((HOST, port), timeout=timeout)
    except OSError as e:
        raise ProbeError(f"cannot connect to {HOST}:{port}: {e.strerror or e}") from None


def recv_exact(sock, n):
    buf = bytearray()
    while len(buf) < n:
        try:
            chunk = sock.recv(n - len(buf))
        except socket.timeout:
            raise ProbeError("no answer (timed out)") from None
        except OSError as e:
            raise ProbeError(f"connection error: {e.strerror or e}") from None
        if not chunk:
            raise ProbeError("connection closed by the broker")
        buf += chunk
    return bytes(buf)


def recv_until(sock, marker, limit=1 << 20):
    buf = bytearray()
    while marker not in buf:
        if len(buf) > limit:
            raise ProbeError("answer too long")
        try:
            chunk = sock.recv(65536)
        except socket.timeout:
            raise ProbeError("no answer (timed out)") from None
        if not chunk:
            raise ProbeError("connection closed by the broker")
        buf += chunk
    return bytes(buf)
