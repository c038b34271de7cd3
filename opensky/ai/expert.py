"""placeholder"""
from opensky.ai.normal import NormalBot


class ExpertBot(NormalBot):
    name = "expert"
