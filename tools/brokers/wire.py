"""Small socket helpers shared by the protocol probes (each probe is one short connection)."""
import socket
import struct

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


def openwire_handshake(port, timeout):
    """OpenWire's first exchange (Artemis and ActiveMQ Classic both speak it): send a WireFormatInfo
    (loose encoding, size-prefixed, as every OpenWire connection starts) and return the OpenWire
    version of the WireFormatInfo the broker answers with; ProbeError if it answers anything else."""
    info = bytes([1]) + b"ActiveMQ" + struct.pack(">i", 12) + b"\x00"  # type 1, magic, version, no properties
    with connect(port, timeout) as s:
        s.sendall(struct.pack(">i", len(info)) + info)
        (size,) = struct.unpack(">i", recv_exact(s, 4))
        if not 13 <= size < 1 << 20:  # type, magic and version take 13 bytes
            raise ProbeError(f"OpenWire answer of implausible size {size}")
        reply = recv_exact(s, size)
    if reply[0] != 1 or reply[1:9] != b"ActiveMQ":
        raise ProbeError(f"OpenWire answer is not a WireFormatInfo: {reply[:16]!r}")
    return struct.unpack(">i", reply[9:13])[0]


# --- MQTT 3.1.1 (enough for a probe and the tests: CONNECT, and reading whole packets) --------------

MQTT_DISCONNECT = b"\xe0\x00"  # type 14, no body: a normal end, so the broker sends no will message
CONNACK_REFUSALS = {1: "unacceptable protocol version", 2: "client id rejected", 3: "server unavailable",
                    4: "bad user name or password", 5: "not authorized"}


def mqtt_packet(first_byte, body):
    """A control packet: the fixed header's first byte (type << 4 | flags), the remaining length
    (7 bits per byte, least significant first, high bit = more follows), then the body."""
    n, length = len(body), bytearray()
    while True:
        n, digit = n >> 7, n & 0x7F
        length.append(digit | (0x80 if n else 0))
        if not n:
            return bytes([first_byte]) + bytes(length) + body


def mqtt_str(text):
    raw = text.encode()
    return struct.pack(">H", len(raw)) + raw


def mqtt_read(sock):
    """The next packet as (first byte, body)."""
    first = recv_exact(sock, 1)[0]
    length = 0
    for shift in range(0, 28, 7):  # at most four length bytes
        byte = recv_exact(sock, 1)[0]
        length |= (byte & 0x7F) << shift
        if not byte & 0x80:
            return first, recv_exact(sock, length)
    raise ProbeError("MQTT packet with a malformed remaining length")


def mqtt_connect(port, timeout, client_id, clean=True, keepalive=30):
    """An MQTT 3.1.1 connection whose CONNECT was accepted: (socket, session_present).
    ProbeError if the broker answers anything but a CONNACK with return code 0."""
    flags = 0x02 if clean else 0x00  # only the clean-session bit: no will, no user name
    connect_body = mqtt_str("MQTT") + bytes([4, flags]) + struct.pack(">H", keepalive) + mqtt_str(client_id)
    s = connect(port, timeout)
    try:
        s.sendall(mqtt_packet(0x10, connect_body))
        first, body = mqtt_read(s)
        if first != 0x20 or len(body) != 2:
            raise ProbeError(f"expected a CONNACK, got packet 0x{first:02x} {body[:16]!r}")
        if body[1] != 0:
            raise ProbeError(f"CONNACK refused the connection: {CONNACK_REFUSALS.get(body[1], body[1])}")
        return s, bool(body[0] & 0x01)
    except BaseException:
        s.close()
        raise
