"""Run the table companion: uvicorn over ``create_app``, with the URL (and, on the LAN, a QR code
and the join code) printed for the players.

>>> lan_url("192.168.1.20", 8765, "482913")
'http://192.168.1.20:8765/join?code=482913'
"""

from __future__ import annotations

import socket
import sys
from pathlib import Path
from typing import TextIO

from cardforge.errors import UsageError
from cardforge.i18n import Message, refusal

__all__ = ["serve", "lan_address", "lan_url", "announce"]

ANY = ("0.0.0.0", "::")


def lan_address() -> str | None:
    """This machine's address on the local network (``None`` if it has none but loopback)."""
    candidates: list[str] = []
    try:
        candidates += socket.gethostbyname_ex(socket.gethostname())[2]
    except OSError:
        pass
    candidates += _interface_addresses()
    for address in candidates:
        if not address.startswith("127.") and address != "0.0.0.0":
            return address
    return None


def _interface_addresses() -> list[str]:
    """IPv4 addresses of the network interfaces (Linux ``SIOCGIFADDR``; empty elsewhere)."""
    try:
        import fcntl
        import struct
    except ImportError:
        return []
    found = []
    for _, name in socket.if_nameindex():
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            try:
                packed = fcntl.ioctl(s.fileno(), 0x8915, struct.pack("256s", name[:15].encode()))
            except OSError:
                continue
            found.append(socket.inet_ntoa(packed[20:24]))
    return found


def lan_url(address: str, port: int, code: str) -> str:
    """The URL a phone opens to join: it carries the join code."""
    return f"http://{address}:{port}/join?code={code}"


def announce(host: str, port: int, db: Path, code: str | None, out: TextIO = sys.stdout) -> None:
    """Print where the page is; on the LAN also the join code and a QR code of the join URL."""
    out.write(f"cardforge serve: score sheets from {db}\n")
    if code is None:
        out.write(f"open http://{host}:{port}/ (this computer only; --host 0.0.0.0 to let phones join)\n")
        return
    address = lan_address() if host in ANY else host
    if address is None:
        out.write(f"no network address found: phones cannot reach this computer; open http://127.0.0.1:{port}/\n")
        return
    url = lan_url(address, port, code)
    out.write(f"phones on this network: {url}\njoin code: {code} (writes without it are refused)\n")
    import segno

    segno.make(url, error="m").terminal(out=out, compact=True)
    out.flush()


def serve(host: str, port: int, db: Path | None) -> None:
    """Serve until Ctrl-C.  A join code is drawn whenever the page is reachable from the LAN."""
    import uvicorn

    from cardforge.table.store import default_db_path
    from cardforge.web.app import create_app
    from cardforge.web.guard import new_code

    if not 0 < port < 65536:
        raise refusal(UsageError, "error.serve.port", port=port)
    local = host in ("127.0.0.1", "localhost", "::1")
    code = None if local else new_code()
    db_path = db or default_db_path()
    address = lan_address() if host in ANY else host
    app = create_app(db_path, join_code=code, hosts=() if address is None else (address,))
    try:
        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as exc:
        import errno

        hint = Message("error.serve.other_port") if exc.errno in (errno.EADDRINUSE, errno.EACCES) else \
            Message("error.serve.host")
        raise refusal(UsageError, "error.serve.listen", host=host, port=port, why=exc.strerror, hint=hint) from None
    import logging

    from cardforge.web.guard import log

    logging.basicConfig(format="cardforge serve: %(message)s")  # join attempts go to stderr
    log.setLevel(logging.INFO)
    announce(host, port, db_path, code)
    # h11 and asyncio named outright: uvicorn then imports no optional server it would probe for
    uvicorn.run(app, host=host, port=port, log_level="warning", access_log=False, http="h11", ws="none",
                loop="asyncio", lifespan="off", timeout_graceful_shutdown=2)  # open event streams end
