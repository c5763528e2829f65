"""What a client says of the host's words and silences, in its player's language: why the
host could not be reached, why a connection ended, why a request was refused."""

from __future__ import annotations

import socket
import ssl

from websockets.exceptions import InvalidHandshake, InvalidURI

from century_tui.engine import shown
from century_tui.table import Refused
from century_tui.text import error_text, fields_of, has, t, template, words

from . import protocol as p


def unreachable(url: str, error: Exception, timeout: float) -> str:
    """Why the host at `url` could not be reached, in the player's language, in one line."""
    address = shown(url.split("://", 1)[-1], 100)
    if isinstance(error, ssl.SSLError):  # its own words: the cli adds how to trust a certificate
        return str(error)
    if isinstance(error, ConnectionRefusedError) or "Connect call failed" in str(error):  # one address or several
        return t("join.refused", address=address)
    if isinstance(error, socket.gaierror):
        return t("join.no_such_host", host=shown(address.rsplit(":", 1)[0], 100))
    if isinstance(error, TimeoutError):
        return t("join.timed_out", address=address, seconds=round(timeout))
    if isinstance(error, (InvalidHandshake, InvalidURI)):
        return t("join.not_a_host", address=address)
    return t("join.os_error", address=address, detail=shown(error.strerror or str(error), 120)
             if isinstance(error, OSError) else shown(str(error), 120))


def worded(reason: str) -> str:
    """Why a connection ended, in this client's language when this version knows the words
    (`protocol.CLOSE_REASONS`); else as the host sent them, escaped."""
    code = p.CLOSE_CODES.get(reason)
    return t(f"closed.{code}") if code is not None else shown(reason, 200)


def refusal_of(message: p.Refused) -> Refused:
    """A host's refusal as words of this client's language: an engine rule's (`error`) or the
    host's own (`refusal`), when this version knows the code and has every word its
    template needs; else the host's English reason (`refusal.other`)."""
    section = "refusal" if message.rule == p.HOST_RULE else "error"
    params = {k: tuple(v) if isinstance(v, list) else shown(v, 200) if isinstance(v, str) else v
              for k, v in message.params.items()}
    refused = Refused(section, message.code, params, message.reason)
    key = f"{section}.{message.code}"
    counts = all(type(x) is int and 0 <= x < 100 for v in params.values() if isinstance(v, tuple) for x in v)
    try:
        if counts and has(key) and fields_of(template(key)) <= set(params) | set(words().nouns()):
            error_text(refused)  # and its params make sense to this version
            return refused
    except (KeyError, ValueError, TypeError, IndexError, AttributeError):
        pass
    return Refused("refusal", "other", {"reason": shown(message.reason, 200)}, message.reason)
