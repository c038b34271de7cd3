"""The Blue Skies game screen: the board view (``board``), where its pieces go
(``pieces``), the bag and the card piles (``supply``) and the score track
(``track``)."""
