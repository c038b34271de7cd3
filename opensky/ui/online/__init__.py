"""The window's side of online play (``spec/online.md``): hosting a table
from New game (``lobby``), joining one (``join``), and the two game screens
drawing a game the host plays (``scenes``), with their status strip and
menu (``strip``, ``menu``).  The network itself is ``opensky.online``; the
controller the screens read is ``opensky.play.remote``."""
