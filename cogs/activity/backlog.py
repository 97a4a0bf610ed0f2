"""What a page has not read yet, bounded (a page that never reads).

aiohttp's ``send_str`` hands the text to the transport and returns; it waits
only once the transport's own buffer is past its high-water mark, and before
that the kernel's send buffer takes whatever the page does not read: on Linux
it grows by itself to megabytes a socket. So a page that never reads is never
noticed, and holds megabytes of the process's memory.

Each page's socket gets a small kernel send buffer (``bound``), and before each
state the server looks how much this page has not taken yet (``unsent``: the
transport's buffer and the kernel's queue): past the limit
(``Settings.activity_unsent_bytes``) the page is dropped. It reconnects, and its
hello brings it the table as it is then; no other page waits for it, and the
change step never does."""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import socket
import struct
import termios

SEND_BUFFER = 65536  # asked of the kernel for each page's socket (Linux doubles it for its own books)


def bound(transport: asyncio.BaseTransport | None, unsent_bytes: int) -> None:
    """A page's socket: a small kernel send buffer, and the transport's own buffer
    allowed up to the limit without pausing (the limit, not a pause, lets the page go)."""
    if transport is None:
        return
    sock = transport.get_extra_info("socket")
    if sock is not None:
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
    if isinstance(transport, asyncio.WriteTransport):
        transport.set_write_buffer_limits(high=max(2 * unsent_bytes, 65536))


def unsent(transport: asyncio.BaseTransport | None) -> int:
    """Bytes written to the page that it has not taken: the transport's buffer and
    the kernel's send queue (where the system tells it)."""
    if transport is None or transport.is_closing():
        return 0
    held = transport.get_write_buffer_size() if isinstance(transport, asyncio.WriteTransport) else 0
    sock = transport.get_extra_info("socket")
    if sock is not None:
        with contextlib.suppress(OSError, ValueError):
            queued = fcntl.ioctl(sock.fileno(), termios.TIOCOUTQ, struct.pack("i", 0))
            held += struct.unpack("i", queued)[0]
    return held
