#!/usr/bin/env python3
"""Synthesize OpenSky's sounds and write them to ``assets/sounds/``.

Every sound is ours, made here from sine waves and seeded noise with nothing
but the standard library (``math``, ``random``, ``wave``) — no samples, no
outside recordings, no numpy. The output is deterministic: the same script
writes the same samples every time.

    python tools/make_sounds.py              # writes assets/sounds/*.ogg, prints a level table
    python tools/make_sounds.py --wav DIR    # also keeps the 16-bit WAV masters in DIR
    python tools/make_sounds.py --check      # only measures the shipped files

The sounds (44.1 kHz, 16-bit; mono, the music loop stereo):

=========  ================================================================
dice       the three passenger dice: a short clatter of wooden knocks
die        the single price die
takeoff    a rising whoosh with a soft engine hum, ~1.4 s
landing    a falling whoosh, a soft touchdown thump and a little roll
flip       a card flip: an air swish and a short paper snap
cash       a two-note metallic chime (a coin)
click      a tiny, soft UI click
turn       "your turn": a mellow two-note mallet chime
music      a calm ambient pad, 24 s, seamless loop (D major: Dmaj9, Bm11,
           Gmaj9, Aadd9) with sparse echoing bell notes
=========  ================================================================

Loudness is matched across the effects by their loudest 50 ms (a simple
"momentary" RMS with the lows below ~100 Hz discounted, as the ear does), each
with its own target so that small things (a click) stay small; every file
then keeps its peak at or below -3 dBFS before encoding, which leaves room
for the encoder's overshoot: the shipped files stay at or below -1 dBFS.

The music loop is rendered into a circular buffer — a note that runs past the
end continues at the start — so the loop is seamless by construction; the
check below confirms the last and first samples join like any two neighbours.

The WAV masters are converted to Ogg Vorbis with ``oggenc`` (Debian:
``apt-get install vorbis-tools``), with a fixed stream serial so the files are
reproducible; the tool then decodes every shipped file with ``oggdec`` and
prints duration, peak and RMS. Without ``oggenc`` the WAV files are shipped
instead (``opensky/ui/sound.py`` loads either). The game itself needs none of
these tools.
"""
from __future__ import annotations

import argparse
import array
import bisect
import math
import os
import random
import shutil
import subprocess
import sys
import tempfile
import wave
from pathlib import Path
from typing import Callable, Sequence

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "assets" / "sounds"
sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
from opensky.ui.sound import MUSIC_LOOP_SECONDS, MUSIC_PAD_SECONDS  # noqa: E402  (one source of truth)

SR = 44100
TAU = 2.0 * math.pi
CEILING_DB = -3.0          # peak of every master before encoding
OGG_QUALITY = {"music": "4"}   # oggenc -q; effects use DEFAULT_QUALITY
DEFAULT_QUALITY = "5"

Buf = list[float]


# ---------------------------------------------------------------- basics

def zeros(seconds: float) -> Buf:
    return [0.0] * int(round(seconds * SR))


def db(x: float) -> float:
    return 20.0 * math.log10(x) if x > 0 else -math.inf


def undb(d: float) -> float:
    return 10.0 ** (d / 20.0)


def smoothstep(a: float, b: float, x: float) -> float:
    if x <= a:
        return 0.0
    if x >= b:
        return 1.0
    u = (x - a) / (b - a)
    return u * u * (3.0 - 2.0 * u)


def mix(dst: Buf, src: Sequence[float], at: int, gain: float = 1.0) -> None:
    """Add ``src`` into ``dst`` from sample ``at`` (clipped at the end)."""
    end = min(len(dst), at + len(src))
    for i in range(max(at, 0), end):
        dst[i] += gain * src[i - at]


def mix_circular(dst: Buf, src: Sequence[float], at: int, gain: float = 1.0) -> None:
    """Add ``src`` into the loop ``dst`` from sample ``at``, wrapping around."""
    n = len(dst)
    at %= n
    first = min(len(src), n - at)
    for i in range(first):
        dst[at + i] += gain * src[i]
    i = first
    while i < len(src):  # what runs past the end continues at the start
        chunk = min(len(src) - i, n)
        for j in range(chunk):
            dst[j] += gain * src[i + j]
        i += chunk


def noise(n: int, rng: random.Random) -> Buf:
    r = rng.random
    return [2.0 * r() - 1.0 for _ in range(n)]


def fade(buf: Buf, fade_in: float = 0.0005, fade_out: float = 0.02) -> Buf:
    """Short raised-cosine fades so that no file starts or ends on a step."""
    n_in = max(1, int(fade_in * SR))
    n_out = max(1, int(fade_out * SR))
    for i in range(min(n_in, len(buf))):
        buf[i] *= 0.5 - 0.5 * math.cos(math.pi * i / n_in)
    for i in range(min(n_out, len(buf))):
        buf[-1 - i] *= 0.5 - 0.5 * math.cos(math.pi * i / n_out)
    return buf


def trim_tail(buf: Buf, floor_db: float = -70.0, keep: float = 0.01) -> Buf:
    """Cut the silent end (below ``floor_db`` of the peak), keeping ``keep`` s."""
    peak = max(abs(x) for x in buf) or 1.0
    lim = peak * undb(floor_db)
    last = len(buf) - 1
    while last > 0 and abs(buf[last]) < lim:
        last -= 1
    return buf[: min(len(buf), last + 1 + int(keep * SR))]


# --------------------------------------------------------------- filters

def biquad(x: Sequence[float], kind: str, f0: float, q: float = 0.7071) -> Buf:
    """RBJ cookbook biquad: ``lowpass``, ``highpass`` or ``bandpass`` (0 dB peak)."""
    b0, b1, b2, a1, a2 = _coeffs(kind, f0, q)
    y: Buf = [0.0] * len(x)
    x1 = x2 = y1 = y2 = 0.0
    for i, xi in enumerate(x):
        yi = b0 * xi + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, xi, y1, yi
        y[i] = yi
    return y


def _coeffs(kind: str, f0: float, q: float) -> tuple[float, float, float, float, float]:
    f0 = min(max(f0, 10.0), SR * 0.45)
    w0 = TAU * f0 / SR
    cw, sw = math.cos(w0), math.sin(w0)
    alpha = sw / (2.0 * q)
    if kind == "lowpass":
        b0, b1, b2 = (1 - cw) / 2, 1 - cw, (1 - cw) / 2
    elif kind == "highpass":
        b0, b1, b2 = (1 + cw) / 2, -(1 + cw), (1 + cw) / 2
    elif kind == "bandpass":
        b0, b1, b2 = alpha, 0.0, -alpha
    else:
        raise ValueError(kind)
    a0 = 1 + alpha
    return b0 / a0, b1 / a0, b2 / a0, -2 * cw / a0, (1 - alpha) / a0


def bandpass_sweep(x: Sequence[float], freq: Callable[[float], float], q: float) -> Buf:
    """A band-pass whose centre follows ``freq(t)`` (coefficients every 32 samples)."""
    y: Buf = [0.0] * len(x)
    x1 = x2 = y1 = y2 = 0.0
    b0 = b1 = b2 = a1 = a2 = 0.0
    for i, xi in enumerate(x):
        if i % 32 == 0:
            b0, b1, b2, a1, a2 = _coeffs("bandpass", freq(i / SR), q)
        yi = b0 * xi + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, xi, y1, yi
        y[i] = yi
    return y


def onepole_lowpass(x: Sequence[float], fc: float, circular: bool = False) -> Buf:
    """One-pole low-pass. ``circular``: run twice round the loop so that the
    filter's state at the start is the state it has at the end (seamless)."""
    a = math.exp(-TAU * fc / SR)
    b = 1.0 - a
    y: Buf = [0.0] * len(x)
    s = 0.0
    for _ in range(2 if circular else 1):
        for i, xi in enumerate(x):
            s = b * xi + a * s
            y[i] = s
    return y


# --------------------------------------------------------------- sources

def modes(spec: Sequence[tuple[float, float, float]], rng: random.Random | None = None,
          attack: float = 0.0) -> Buf:
    """A struck object: damped sines ``(freq, amplitude, decay seconds)``."""
    length = max(d for _, _, d in spec) * 7.0 + attack
    n = int(length * SR)
    out: Buf = [0.0] * n
    n_att = int(attack * SR)
    for f, a, d in spec:
        if a == 0.0:
            continue
        w = TAU * f / SR
        k = math.exp(-1.0 / (d * SR))
        ph = rng.uniform(0.0, 0.6) if rng else 0.0   # near zero: no step at the onset
        m = min(n, int(d * 7.0 * SR) + n_att)
        env = a
        for i in range(m):
            out[i] += env * math.sin(w * i + ph)
            if i >= n_att:
                env *= k
    if n_att:
        for i in range(n_att):
            out[i] *= math.sin(0.5 * math.pi * i / n_att)
    if rng is None:
        return out
    # a phase other than zero starts on a small step; smooth it over 0.3 ms
    for i in range(min(n, 13)):
        out[i] *= i / 13.0
    return out


def burst(n_sec: float, decay: float, rng: random.Random) -> Buf:
    """Noise with an exponential decay: the contact part of an impact."""
    n = int(n_sec * SR)
    k = math.exp(-1.0 / (decay * SR))
    env = 1.0
    out = noise(n, rng)
    for i in range(n):
        out[i] *= env
        env *= k
    return out


def wavetable(harmonics: Sequence[float], size: int = 4096) -> list[float]:
    tab = [sum(a * math.sin(TAU * (h + 1) * i / size) for h, a in enumerate(harmonics))
           for i in range(size)]
    peak = max(abs(v) for v in tab)
    return [v / peak for v in tab] + [tab[0] / peak]


def osc(table: list[float], freq: Callable[[float], float] | float, n: int, phase: float = 0.0) -> Buf:
    """Wavetable oscillator; ``freq`` a constant or a function of time."""
    size = len(table) - 1
    out: Buf = [0.0] * n
    p = phase * size
    if callable(freq):
        for i in range(n):
            j = int(p)
            out[i] = table[j] + (table[j + 1] - table[j]) * (p - j)
            p += freq(i / SR) * size / SR
            if p >= size:
                p -= size
    else:
        step = freq * size / SR
        for i in range(n):
            j = int(p)
            out[i] = table[j] + (table[j + 1] - table[j]) * (p - j)
            p += step
            if p >= size:
                p -= size
    return out


# ---------------------------------------------------------------- sounds

def _knock(buf: Buf, t: float, energy: float, rng: random.Random, voice: float,
           table: bool = True) -> None:
    """One wooden knock: the board/table body (low, a little longer) and the
    die itself (high, very short). Softer hits are duller."""
    def j(x: float, spread: float) -> float:
        return x * rng.uniform(1 - spread, 1 + spread)

    spec: list[tuple[float, float, float]] = []
    if table:
        for f, a, d in ((205.0, 0.50, 0.045), (340.0, 0.55, 0.034), (515.0, 0.36, 0.026),
                        (790.0, 0.22, 0.018), (1130.0, 0.12, 0.012)):
            spec.append((j(f, 0.04), a * energy * rng.uniform(0.7, 1.0), j(d, 0.15)))
    bright = energy ** 0.7
    for f, a, d in ((1720.0, 0.30, 0.010), (2610.0, 0.20, 0.007), (3890.0, 0.10, 0.004)):
        spec.append((j(f * voice, 0.02), a * energy * bright * rng.uniform(0.7, 1.0), d))
    at = int(t * SR)
    mix(buf, modes(spec, rng), at)
    click = biquad(burst(0.006, 0.0008, rng), "bandpass", 2600.0 * voice, 0.8)
    mix(buf, click, at, 0.35 * energy * bright)


def _throw(buf: Buf, t0: float, rng: random.Random, voice: float, bounces: int) -> None:
    """A die thrown onto the board: bounces closing in, then it tips and settles."""
    t, gap, e = t0, rng.uniform(0.095, 0.12), rng.uniform(0.85, 1.0)
    for _ in range(bounces):
        _knock(buf, t, e, rng, voice)
        t += gap
        gap *= rng.uniform(0.55, 0.68)
        e *= rng.uniform(0.45, 0.58)
    for _ in range(2):       # rocking onto a face
        _knock(buf, t, e * 0.7, rng, voice)
        t += rng.uniform(0.016, 0.026)
        e *= 0.6


def make_die() -> Buf:
    rng = random.Random(11)
    buf = zeros(0.7)
    _throw(buf, 0.002, rng, 1.0, 4)
    return fade(trim_tail(buf), 0.0003, 0.03)


def make_dice() -> Buf:
    rng = random.Random(23)
    buf = zeros(0.9)
    for t0, voice, bounces in ((0.002, 0.93, 4), (0.031, 1.04, 4), (0.058, 1.12, 3)):
        _throw(buf, t0, rng, voice, bounces)
    for t, e in ((0.072, 0.45), (0.118, 0.3), (0.171, 0.22)):   # dice knocking each other
        _knock(buf, t, e, rng, rng.uniform(1.2, 1.35), table=False)
    return fade(trim_tail(buf), 0.0003, 0.03)


def _engine(n: int, f0: Callable[[float], float], rng: random.Random) -> Buf:
    """A soft engine hum: a few harmonics of ``f0(t)``, a slow rumble on top."""
    harm = [1.0 / (h ** 1.3) for h in range(1, 9)]
    out = osc(wavetable(harm), f0, n, 0.0)
    out = biquad(out, "lowpass", 1100.0, 0.6)
    flutter = onepole_lowpass(onepole_lowpass(noise(n, rng), 18.0), 18.0)
    fpk = max(abs(v) for v in flutter) or 1.0
    whine = osc(wavetable([1.0]), lambda t: 9.0 * f0(t), n, 0.0)
    return [o * (0.8 + 0.2 * fl / fpk) + 0.035 * w for o, fl, w in zip(out, flutter, whine)]


def make_takeoff() -> Buf:
    rng = random.Random(31)
    dur = 1.45
    n = int(dur * SR)
    whoosh = bandpass_sweep(noise(n, rng), lambda t: 240.0 * (1750.0 / 240.0) ** smoothstep(0.0, dur, t), 1.1)
    whoosh = biquad(whoosh, "lowpass", 4200.0)
    rumble = onepole_lowpass(onepole_lowpass(noise(n, rng), 220.0), 220.0)
    eng = _engine(n, lambda t: 82.0 + 70.0 * smoothstep(0.0, 1.2, t), rng)
    out: Buf = [0.0] * n
    rpk = max(abs(v) for v in rumble) or 1.0
    for i in range(n):
        t = i / SR
        ew = smoothstep(0.0, 0.62, t) * (1.0 - smoothstep(0.72, dur, t))
        ee = smoothstep(0.0, 0.3, t) * (1.0 - smoothstep(0.6, dur - 0.05, t))
        er = smoothstep(0.0, 0.25, t) * (1.0 - smoothstep(0.4, 1.0, t))
        out[i] = 1.0 * ew * whoosh[i] + 0.09 * ee * eng[i] + 0.10 * er * rumble[i] / rpk
    return fade(out, 0.005, 0.05)


def make_landing() -> Buf:
    rng = random.Random(37)
    dur = 1.55
    n = int(dur * SR)
    whoosh = bandpass_sweep(noise(n, rng), lambda t: 1500.0 * (230.0 / 1500.0) ** smoothstep(0.0, 0.95, t), 1.1)
    whoosh = biquad(whoosh, "lowpass", 4200.0)
    eng = _engine(n, lambda t: 150.0 - 72.0 * smoothstep(0.0, 0.95, t), rng)
    out: Buf = [0.0] * n
    for i in range(n):
        t = i / SR
        ew = smoothstep(0.0, 0.32, t) * (1.0 - smoothstep(0.38, 0.98, t))
        ee = smoothstep(0.0, 0.22, t) * (1.0 - smoothstep(0.45, 0.95, t))
        out[i] = 1.0 * ew * whoosh[i] + 0.09 * ee * eng[i]
    # touchdown: main wheels, then the nose wheel, then a short roll
    for t0, e in ((0.86, 1.0), (1.0, 0.45)):
        m = int(0.5 * SR)
        thump = [0.0] * m
        ph = 0.0
        for i in range(m):
            t = i / SR
            f = 58.0 + 52.0 * math.exp(-t / 0.03)          # pitch drop of a soft tyre
            ph += TAU * f / SR
            thump[i] = math.exp(-t / 0.11) * math.sin(ph)
        body = modes([(165.0, 0.45, 0.05), (310.0, 0.2, 0.03)], rng)
        mix(thump, body, 0)
        hit = biquad(burst(0.08, 0.012, rng), "lowpass", 650.0)
        mix(thump, hit, 0, 1.4)
        for i in range(min(m, 40)):
            thump[i] *= i / 40.0
        mix(out, thump, int(t0 * SR), 0.55 * e)
    roll_n = int(0.6 * SR)
    roll = onepole_lowpass(onepole_lowpass(noise(roll_n, rng), 260.0), 260.0)
    rpk = max(abs(v) for v in roll) or 1.0
    for i in range(roll_n):
        t = i / SR
        roll[i] *= smoothstep(0.0, 0.03, t) * math.exp(-t / 0.18) / rpk
    mix(out, roll, int(0.87 * SR), 0.12)
    return fade(out, 0.005, 0.06)


def make_flip() -> Buf:
    rng = random.Random(41)
    dur = 0.2
    n = int(dur * SR)
    out: Buf = [0.0] * n
    # the card turning through the air
    sw_n = int(0.07 * SR)
    swish = bandpass_sweep(noise(sw_n, rng), lambda t: 2300.0 + 40000.0 * t, 0.9)
    for i in range(sw_n):
        swish[i] *= math.sin(math.pi * i / sw_n) ** 2
    mix(out, swish, 0, 0.35)
    # the snap as it lands on the table
    at = int(0.058 * SR)
    snap = biquad(burst(0.03, 0.0035, rng), "bandpass", 2100.0, 0.7)
    mix(out, snap, at, 1.0)
    crisp = biquad(burst(0.01, 0.0012, rng), "highpass", 5200.0)
    mix(out, crisp, at, 0.35)
    body = modes([(240.0, 0.22, 0.016), (560.0, 0.14, 0.009)], rng)
    mix(out, body, at, 1.0)
    return fade(trim_tail(out), 0.002, 0.02)


def _bell(freq: float, partials: Sequence[tuple[float, float, float]], attack: float) -> Buf:
    return modes([(freq * r, a, d) for r, a, d in partials], None, attack)


COIN = ((1.0, 1.0, 0.40), (2.0, 0.22, 0.22), (2.76, 0.30, 0.11), (4.07, 0.10, 0.07),
        (5.40, 0.07, 0.045), (8.93, 0.025, 0.025))
MALLET = ((1.0, 1.0, 0.55), (2.0, 0.10, 0.30), (3.0, 0.04, 0.18), (4.0, 0.07, 0.10))
GLASS = ((1.0, 1.0, 1.3), (2.0, 0.12, 0.6), (3.01, 0.03, 0.35))


def make_cash() -> Buf:
    rng = random.Random(43)
    out = zeros(1.2)
    clink = biquad(burst(0.01, 0.0015, rng), "highpass", 4500.0)
    mix(out, clink, 0, 0.25)
    mix(out, _bell(880.0, COIN, 0.002), 0, 0.8)           # A5
    mix(out, _bell(1318.51, COIN, 0.002), int(0.085 * SR), 1.0)  # E6
    return fade(trim_tail(out, -60.0), 0.0005, 0.08)


def make_turn() -> Buf:
    out = zeros(1.8)
    mix(out, _bell(440.0, MALLET, 0.006), 0, 0.85)              # A4
    mix(out, _bell(587.33, MALLET, 0.006), int(0.17 * SR), 1.0)  # D5
    mix(out, _bell(880.0, GLASS, 0.02), int(0.17 * SR), 0.12)   # a faint shimmer an octave up
    return fade(trim_tail(out, -60.0), 0.001, 0.1)


def make_click() -> Buf:
    rng = random.Random(53)
    out = zeros(0.06)
    mix(out, modes([(1150.0, 1.0, 0.0045), (2350.0, 0.22, 0.0025), (420.0, 0.35, 0.008)]), 0)
    tick = biquad(burst(0.004, 0.0006, rng), "lowpass", 6000.0)
    mix(out, tick, 0, 0.25)
    return fade(out, 0.0003, 0.01)


# ------------------------------------------------------------------ music

LOOP_SECONDS = MUSIC_LOOP_SECONDS
CHORD_SECONDS = LOOP_SECONDS / 4
XFADE = 3.0


def _hz(midi: int) -> float:
    return 440.0 * 2.0 ** ((midi - 69) / 12.0)


# Dmaj9, Bm11, Gmaj9, Aadd9 — close voicings that move by steps
CHORDS = [
    (38, [50, 57, 61, 64, 66]),     # D2 | D3 A3 C#4 E4 F#4
    (35, [47, 54, 57, 62, 64]),     # B1 | B2 F#3 A3 D4 E4
    (31, [43, 50, 57, 59, 66]),     # G1 | G2 D3 A3 B3 F#4
    (33, [45, 52, 59, 61, 64]),     # A1 | A2 E3 B3 C#4 E4
]
# sparse bell notes: (chord, offset seconds in the chord, midi, velocity)
BELLS = [
    (0, 0.8, 78, 0.9), (0, 3.1, 76, 0.6),
    (1, 0.6, 74, 0.8), (1, 3.4, 73, 0.55),
    (2, 0.9, 71, 0.8), (2, 3.0, 74, 0.6), (2, 4.6, 78, 0.45),
    (3, 0.7, 76, 0.75), (3, 3.3, 73, 0.6),
]


def make_music() -> tuple[Buf, Buf]:
    rng = random.Random(59)
    n = int(LOOP_SECONDS * SR)
    left: Buf = [0.0] * n
    right: Buf = [0.0] * n
    pad = wavetable([1.0, 0.42, 0.2, 0.1, 0.05, 0.03, 0.015])
    bass_tab = wavetable([1.0, 0.3, 0.08])
    cents = 2.0 ** (1.0 / 1200.0)
    span = CHORD_SECONDS + XFADE
    m = int(span * SR)
    n_x = int(XFADE * SR)
    env = [0.0] * m
    for i in range(m):           # equal-power crossfade in and out, sustain between
        if i < n_x:
            env[i] = math.sin(0.5 * math.pi * i / n_x)
        elif i >= m - n_x:
            env[i] = math.cos(0.5 * math.pi * (i - (m - n_x)) / n_x)
        else:
            env[i] = 1.0
    for k, (bass, notes) in enumerate(CHORDS):
        start = int((k * CHORD_SECONDS - XFADE / 2) * SR)
        lch: Buf = [0.0] * m
        rch: Buf = [0.0] * m
        for idx, note in enumerate(notes):
            f = _hz(note)
            pan = -0.6 + 1.2 * idx / (len(notes) - 1)
            gl, gr = math.cos((pan + 1) * math.pi / 4), math.sin((pan + 1) * math.pi / 4)
            amp = 0.16 if note < 48 else 0.13
            lfo_f = rng.uniform(0.09, 0.2)
            lfo_p = rng.uniform(0.0, TAU)
            a = osc(pad, f * cents ** -4.0, m, rng.random())
            b = osc(pad, f * cents ** 3.5, m, rng.random())
            for i in range(m):
                g = amp * env[i] * (1.0 + 0.22 * math.sin(TAU * lfo_f * i / SR + lfo_p))
                lch[i] += g * (gl * (0.65 * a[i] + 0.35 * b[i]))
                rch[i] += g * (gr * (0.35 * a[i] + 0.65 * b[i]))
        low = osc(bass_tab, _hz(bass), m, 0.0)
        for i in range(m):
            v = 0.2 * env[i] * low[i]
            lch[i] += v
            rch[i] += v
        mix_circular(left, lch, start)
        mix_circular(right, rch, start)
    # soften the pad (run round the loop twice: the filter state joins seamlessly)
    left = onepole_lowpass(left, 1900.0, circular=True)
    right = onepole_lowpass(right, 1900.0, circular=True)
    # bell notes with a ping-pong echo, all placed on the circle
    delay = 0.5
    for chord, off, note, vel in BELLS:
        tone = _bell(_hz(note), GLASS, 0.012)
        t0 = chord * CHORD_SECONDS + off
        for e in range(5):
            g = 0.16 * vel * 0.5 ** e
            pan = (-0.35 if e % 2 == 0 else 0.35) if e else 0.0
            gl, gr = math.cos((pan + 1) * math.pi / 4), math.sin((pan + 1) * math.pi / 4)
            if e:
                tone = onepole_lowpass(tone, 3000.0)      # each echo a little darker
            at = int((t0 + e * delay) * SR)
            mix_circular(left, tone, at, g * gl)
            mix_circular(right, tone, at, g * gr)
    return left, right


# -------------------------------------------------------------- measuring

def _hp_for_loudness(x: Sequence[float]) -> Buf:
    # discount the lows (<~100 Hz) the way the ear does, for the loudness match only
    a = math.exp(-TAU * 100.0 / SR)
    y: Buf = [0.0] * len(x)
    prev_x = prev_y = 0.0
    for i, xi in enumerate(x):
        prev_y = a * (prev_y + xi - prev_x)
        prev_x = xi
        y[i] = prev_y
    return y


def momentary(chans: Sequence[Sequence[float]]) -> float:
    """Loudest 50 ms RMS (lows discounted), averaged over channels' power."""
    w = int(0.05 * SR)
    hop = int(0.01 * SR)
    filt = [_hp_for_loudness(c) for c in chans]
    sq = [[v * v for v in f] for f in filt]
    best = 0.0
    n = len(chans[0])
    prefix = []
    for s in sq:
        acc = [0.0]
        tot = 0.0
        for v in s:
            tot += v
            acc.append(tot)
        prefix.append(acc)
    for start in range(0, max(1, n - w + 1), hop):
        end = min(n, start + w)
        p = sum(acc[end] - acc[start] for acc in prefix) / (len(chans) * (end - start))
        best = max(best, p)
    return math.sqrt(best)


def stats(chans: Sequence[Sequence[float]]) -> dict[str, float]:
    n = len(chans[0])
    peak = max(max(abs(v) for v in c) for c in chans)
    rms = math.sqrt(sum(sum(v * v for v in c) for c in chans) / (n * len(chans)))
    return {"seconds": n / SR, "peak": db(peak), "rms": db(rms), "momentary": db(momentary(chans))}


def seam(chans: Sequence[Sequence[float]]) -> tuple[float, float]:
    """How the loop's end joins its start: the step |first - last| as a
    multiple of the median step between neighbouring samples, and the share of
    neighbour steps inside the loop that are smaller (the worst channel). A
    seamless join is an ordinary step: well under the loop's largest steps."""
    ratio = share = 0.0
    for c in chans:
        steps = sorted(abs(c[i + 1] - c[i]) for i in range(len(c) - 1))
        join = abs(c[0] - c[-1])
        ratio = max(ratio, join / (steps[len(steps) // 2] or 1e-9))
        share = max(share, bisect.bisect_left(steps, join) / len(steps))
    return ratio, share


# loudest-50-ms targets in dBFS (lows discounted); small things stay small
TARGETS = {
    "dice": -13.0, "die": -15.0, "takeoff": -17.0, "landing": -17.0, "flip": -19.0,
    "cash": -16.0, "click": -27.0, "turn": -18.0, "music": -25.0,
}
MAKERS: dict[str, Callable[[], Buf | tuple[Buf, Buf]]] = {
    "dice": make_dice, "die": make_die, "takeoff": make_takeoff, "landing": make_landing,
    "flip": make_flip, "cash": make_cash, "click": make_click, "turn": make_turn,
    "music": make_music,
}


def render(name: str) -> list[Buf]:
    made = MAKERS[name]()
    chans: list[Buf] = list(made) if isinstance(made, tuple) else [made]
    loud = momentary(chans)
    gain = undb(TARGETS[name]) / loud
    peak = max(max(abs(v) for v in c) for c in chans)
    gain = min(gain, undb(CEILING_DB) / peak)
    chans = [[v * gain for v in c] for c in chans]
    if name == "music":
        chans = [pad_loop(c) for c in chans]
    return chans


def pad_loop(c: Buf) -> Buf:
    """The loop with its own end before it and its own start after it: the
    encoder's edge effects land in the pads, which the game cuts off
    (``opensky/ui/sound.py``), so the loop itself joins sample-accurately."""
    p = int(round(MUSIC_PAD_SECONDS * SR))
    return c[-p:] + c + c[:p]


def unpad_loop(c: Buf) -> Buf:
    p = int(round(MUSIC_PAD_SECONDS * SR))
    return c[p:p + int(round(LOOP_SECONDS * SR))]


def write_wav(path: Path, chans: Sequence[Sequence[float]]) -> None:
    n = len(chans[0])
    data = array.array("h", [0] * (n * len(chans)))
    k = 0
    for i in range(n):
        for c in chans:
            v = int(round(c[i] * 32767.0))
            data[k] = -32768 if v < -32768 else (32767 if v > 32767 else v)
            k += 1
    if sys.byteorder == "big":
        data.byteswap()
    with wave.open(str(path), "wb") as w:
        w.setnchannels(len(chans))
        w.setsampwidth(2)
        w.setframerate(SR)
        w.writeframes(data.tobytes())


def read_wav(path: Path) -> list[Buf]:
    with wave.open(str(path), "rb") as w:
        ch, width, frames = w.getnchannels(), w.getsampwidth(), w.getnframes()
        raw = w.readframes(frames)
    assert width == 2, path
    data = array.array("h")
    data.frombytes(raw)
    if sys.byteorder == "big":
        data.byteswap()
    return [[data[i] / 32768.0 for i in range(c, len(data), ch)] for c in range(ch)]


def encode(wav: Path, ogg: Path, name: str) -> None:
    serial = 7000 + sorted(MAKERS).index(name)
    subprocess.run(["oggenc", "-Q", "-q", OGG_QUALITY.get(name, DEFAULT_QUALITY),
                    "--serial", str(serial), "-o", str(ogg), str(wav)], check=True)


def decode(path: Path, tmp: Path) -> list[Buf]:
    if path.suffix == ".wav":
        return read_wav(path)
    out = tmp / (path.stem + ".decoded.wav")
    subprocess.run(["oggdec", "-Q", "-o", str(out), str(path)], check=True)
    return read_wav(out)


def report(tmp: Path) -> bool:
    ok = True
    rows = []
    total = 0
    for name in MAKERS:
        path = next((p for p in (OUT / f"{name}.ogg", OUT / f"{name}.wav") if p.exists()), None)
        if path is None:
            print(f"{name}: missing")
            ok = False
            continue
        chans = decode(path, tmp)
        if name == "music":
            chans = [unpad_loop(c) for c in chans]
        s = stats(chans)
        size = path.stat().st_size
        total += size
        join = seam(chans) if name == "music" else None
        rows.append((path.name, len(chans), s, size, join))
        if s["peak"] > -1.0:
            ok = False
    print(f"{'file':<14}{'ch':>3}{'seconds':>9}{'peak dBFS':>11}{'RMS dBFS':>10}"
          f"{'50ms dBFS':>11}{'bytes':>9}")
    for fname, ch, s, size, join in rows:
        print(f"{fname:<14}{ch:>3}{s['seconds']:>9.3f}{s['peak']:>11.2f}{s['rms']:>10.2f}"
              f"{s['momentary']:>11.2f}{size:>9}")
        if join is not None:
            print(f"{'':<14}   (the loop, pads cut; file {MUSIC_PAD_SECONDS:g} s longer each side)")
            print(f"{'':<14}   loop join: |first-last| = {join[0]:.2f}x the median neighbour step,"
                  f" larger than {100 * join[1]:.1f}% of the loop's steps")
            ok = ok and join[1] < 0.99
    print(f"{'total':<14}{'':>44}{total:>9}")
    ok = ok and total < 3_000_000
    print("levels OK" if ok else "LEVEL CHECK FAILED")
    return ok


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--wav", type=Path, help="also keep the WAV masters in this folder")
    ap.add_argument("--check", action="store_true", help="only measure the shipped files")
    ap.add_argument("--only", nargs="*", help="make only these sounds")
    args = ap.parse_args(argv)
    have_ogg = shutil.which("oggenc") is not None and shutil.which("oggdec") is not None
    with tempfile.TemporaryDirectory() as td:
        tmp = Path(td)
        if not args.check:
            OUT.mkdir(parents=True, exist_ok=True)
            for name in args.only or MAKERS:
                chans = render(name)
                wav = (args.wav or tmp) / f"{name}.wav"
                wav.parent.mkdir(parents=True, exist_ok=True)
                write_wav(wav, chans)
                if have_ogg:
                    encode(wav, OUT / f"{name}.ogg", name)
                    (OUT / f"{name}.wav").unlink(missing_ok=True)
                else:
                    shutil.copyfile(wav, OUT / f"{name}.wav")
                print(f"made {name}", file=sys.stderr)
        if not have_ogg and any(OUT.glob("*.ogg")):
            print("oggdec not found: cannot measure the .ogg files", file=sys.stderr)
            return 1
        return 0 if report(tmp) else 1


if __name__ == "__main__":
    sys.exit(main())
