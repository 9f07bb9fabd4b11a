"""The little BSON the Mongo probes and tests need: encode a command, decode any reply document."""
import struct


def _cstring(s):
    return s.encode() + b"\0"


def encode(doc):
    """Encode a dict of str keys to int / float / bool / str / dict / list values."""
    out = bytearray()
    for key, value in doc.items():
        if isinstance(value, bool):
            out += b"\x08" + _cstring(key) + (b"\x01" if value else b"\x00")
        elif isinstance(value, int):
            out += b"\x10" + _cstring(key) + struct.pack("<i", value)
        elif isinstance(value, float):
            out += b"\x01" + _cstring(key) + struct.pack("<d", value)
        elif isinstance(value, str):
            raw = value.encode()
            out += b"\x02" + _cstring(key) + struct.pack("<i", len(raw) + 1) + raw + b"\0"
        elif isinstance(value, dict):
            out += b"\x03" + _cstring(key) + encode(value)
        elif isinstance(value, list):  # an array is a document keyed "0", "1", ...
            out += b"\x04" + _cstring(key) + encode({str(i): v for i, v in enumerate(value)})
        else:
            raise TypeError(f"cannot encode {type(value).__name__}")
    return struct.pack("<i", len(out) + 5) + bytes(out) + b"\0"


# element type -> (size of a fixed-size value, struct format or None)
_FIXED = {0x01: (8, "<d"), 0x07: (12, None), 0x08: (1, "<?"), 0x09: (8, "<q"), 0x0A: (0, None),
          0x10: (4, "<i"), 0x11: (8, "<Q"), 0x12: (8, "<q"), 0x13: (16, None), 0x7F: (0, None), 0xFF: (0, None)}


def decode(data, pos=0):
    """Decode the document at data[pos:]; returns (dict, end position)."""
    (size,) = struct.unpack_from("<i", data, pos)
    end, pos, doc = pos + size - 1, pos + 4, {}
    while pos < end:
        kind = data[pos]
        key_end = data.index(b"\0", pos + 1)
        key, pos = data[pos + 1:key_end].decode(errors="replace"), key_end + 1
        if kind in _FIXED:
            n, fmt = _FIXED[kind]
            doc[key] = struct.unpack_from(fmt, data, pos)[0] if fmt else data[pos:pos + n]
            pos += n
        elif kind in (0x02, 0x0D, 0x0E):  # string, javascript, symbol
            (n,) = struct.unpack_from("<i", data, pos)
            doc[key] = data[pos + 4:pos + 3 + n].decode(errors="replace")
            pos += 4 + n
        elif kind in (0x03, 0x04):  # document, array
            sub, pos = decode(data, pos)
            doc[key] = list(sub.values()) if kind == 0x04 else sub
        elif kind == 0x05:  # binary
            (n,) = struct.unpack_from("<i", data, pos)
            doc[key] = data[pos + 5:pos + 5 + n]
            pos += 5 + n
        elif kind == 0x0B:  # regex: two cstrings
            a = data.index(b"\0", pos)
            b = data.index(b"\0", a + 1)
            doc[key], pos = data[pos:a].decode(), b + 1
        else:
            raise ValueError(f"BSON type 0x{kind:02x} not supported by this decoder")
    return doc, end + 1
