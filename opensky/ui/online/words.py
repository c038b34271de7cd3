"""The host's and the link's reasons, as sentences a player understands.

The network speaks short English phrases (``bye`` reasons, a link's error:
``spec/online.md``); the screens show a translated sentence for each one
they know, with the phrase itself kept as a small detail (it names the
system's own error, "Connection refused", "timed out"), and the phrase as
it is for one they do not know."""
from __future__ import annotations

from opensky.i18n import N_, tr
from opensky.textlimits import one_line

#: (how the phrase begins, the sentence); the first match wins
REASONS: tuple[tuple[str, str], ...] = (
    ("cannot reach", N_("Cannot reach {address}. Check the address, and that the host's window "
                        "shows the join code.")),
    ("no table with that code", N_("There is no table with that code at {address}. Check the code "
                                   "on the host's screen.")),
    ("every seat at this table is taken", N_("Every seat at that table is taken.")),
    ("no free seat of that name", N_("No free seat at that table has that airline name. Leave the name "
                                     "empty to take the first free seat.")),
    ("this host plays another version", N_("The host plays another version of OpenSky: both computers "
                                           "need the same version.")),
    ("the host is closing", N_("The host has closed the table.")),
    ("unknown seat token", N_("The host no longer knows this seat.")),
    ("the host sent something", N_("The host sent something this screen cannot show.")),
    ("the connection", N_("The connection to the host was lost.")),
    ("too many messages", N_("The host closed the connection: too many messages.")),
)


def reason_text(reason: str, address: str = "", sentence: bool = False) -> tuple[str, str]:
    """(sentence, detail) for a reason: the detail is what the phrase says
    in brackets (the system's own error, "Connection refused"), else "".  With
    ``sentence`` an unknown reason is already one (the controller's own,
    translated) and is shown as it is."""
    raw = one_line(reason or "", 200)
    low = raw.lower()
    for start, known in REASONS:
        if low.startswith(start):
            detail = raw[raw.find("(") + 1:raw.rfind(")")] if "(" in raw and raw.endswith(")") else ""
            return tr(known, address=address or tr("the host")), detail
    if not raw:
        return tr("The connection to the host was lost."), ""
    return (raw if sentence else tr("The host said: {reason}", reason=raw)), ""


__all__ = ["REASONS", "reason_text"]
