#!/usr/bin/env python3
"""Synthesise the game's sound cues with numpy and write 16-bit mono 44.1 kHz WAVs.

Everything here is generated from scratch (seeded noise, sine partials), so the
output is original work released under CC0 (see assets/sounds/LICENSE.md, which
this script also writes). Needs numpy only; WAVs are written with the stdlib
`wave` module. Re-running produces byte-identical files.

Usage: .venv/bin/python tools/assets/make_sounds.py
"""
from __future__ import annotations

import wave
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[2]
OUT = REPO / "assets" / "sounds"
SR = 44100


# --------------------------------------------------------------------- helpers
def t_axis(seconds: float) -> np.ndarray:
    return np.arange(round(seconds * SR)) / SR


def noise(n: int, seed: int) -> np.ndarray:
    return np.random.default_rng(seed).uniform(-1.0, 1.0, n)


def band(x: np.ndarray, lo: float, hi: float, soft: float = 0.25) -> np.ndarray:
    """Zero-phase band-pass via FFT with raised-cosine skirts (soft = skirt width in octaves)."""
    n = len(x)
    spec = np.fft.rfft(x)
    f = np.fft.rfftfreq(n, 1 / SR)
    g = np.ones_like(f)
    with np.errstate(divide="ignore"):
        oct_lo = np.log2(np.maximum(f, 1e-9) / lo)
        oct_hi = np.log2(np.maximum(f, 1e-9) / hi)
    g = np.where(oct_lo < -soft, 0.0, g)
    m = (oct_lo >= -soft) & (oct_lo < 0)
    g[m] *= 0.5 - 0.5 * np.cos(np.pi * (oct_lo[m] + soft) / soft)
    g = np.where(oct_hi > soft, 0.0, g)
    m = (oct_hi > 0) & (oct_hi <= soft)
    g[m] *= 0.5 + 0.5 * np.cos(np.pi * oct_hi[m] / soft)
    return np.fft.irfft(spec * g, n)


def sweep_lowpass(x: np.ndarray, cutoff: np.ndarray) -> np.ndarray:
    """Two cascaded one-pole low-passes whose cutoff (Hz) varies per sample."""
    a = 1.0 - np.exp(-2.0 * np.pi * np.asarray(cutoff) / SR)
    y1 = np.empty_like(x)
    y2 = np.empty_like(x)
    s1 = s2 = 0.0
    for i in range(len(x)):
        s1 += a[i] * (x[i] - s1)
        s2 += a[i] * (s1 - s2)
        y1[i] = s1
        y2[i] = s2
    return y2


def highpass(x: np.ndarray, hz: float) -> np.ndarray:
    return x - sweep_lowpass(x, np.full(len(x), hz))


def fade(x: np.ndarray, fade_in: float = 0.002, fade_out: float = 0.004) -> np.ndarray:
    x = x.copy()
    ni, no = int(fade_in * SR), int(fade_out * SR)
    if ni:
        x[:ni] *= np.linspace(0.0, 1.0, ni)
    if no:
        x[-no:] *= np.linspace(1.0, 0.0, no)
    return x


def normalise(x: np.ndarray, peak: float) -> np.ndarray:
    m = np.max(np.abs(x))
    return x * (peak / m) if m > 0 else x


def tone(freq: float, seconds: float, partials: list[tuple[float, float, float]],
         attack: float = 0.004, vibrato: float = 0.0) -> np.ndarray:
    """Sum of partials (ratio, amplitude, decay time constant in s) with a short attack."""
    t = t_axis(seconds)
    phase_mod = 0.0
    if vibrato:
        phase_mod = vibrato * np.sin(2 * np.pi * 5.5 * t) * np.clip(t / 0.15, 0, 1)
    out = np.zeros_like(t)
    for ratio, amp, tau in partials:
        out += amp * np.exp(-t / tau) * np.sin(2 * np.pi * freq * ratio * t + ratio * phase_mod)
    env = np.clip(t / attack, 0.0, 1.0)
    # Smooth release over the last quarter so a note never stops with a click.
    rel = 0.25 * seconds
    env *= 0.5 + 0.5 * np.cos(np.pi * np.clip((t - (seconds - rel)) / rel, 0.0, 1.0))
    return out * env


def place(buf: np.ndarray, clip: np.ndarray, at: float, gain: float = 1.0) -> None:
    i = int(at * SR)
    j = min(len(buf), i + len(clip))
    buf[i:j] += gain * clip[: j - i]


def snap(seconds: float, seed: int, lo: float, hi: float, tau: float) -> np.ndarray:
    """A short noise burst: band-limited noise with an exponential decay."""
    t = t_axis(seconds)
    x = band(noise(len(t), seed), lo, hi)
    return x * np.exp(-t / tau) * np.clip(t / 0.0008, 0, 1)


# ---------------------------------------------------------------------- sounds
def card_flick() -> np.ndarray:
    """~60 ms crisp paper snap with a tiny body thump."""
    d = 0.06
    t = t_axis(d)
    x = snap(d, seed=1, lo=1800, hi=7000, tau=0.010)
    x = normalise(x, 1.0)
    thump = np.sin(2 * np.pi * 210 * t) * np.exp(-t / 0.012) * np.clip(t / 0.001, 0, 1)
    return normalise(fade(x + 0.35 * thump, 0.0005, 0.01), 0.70)


def click() -> np.ndarray:
    """~30 ms UI tick: a damped 2.2 kHz ping with a little noise on the transient."""
    d = 0.03
    t = t_axis(d)
    ping = np.sin(2 * np.pi * 2200 * t) * np.exp(-t / 0.0045)
    ping += 0.4 * np.sin(2 * np.pi * 3300 * t) * np.exp(-t / 0.003)
    tick = snap(d, seed=2, lo=3000, hi=9000, tau=0.0015)
    x = normalise(ping, 1.0) + 0.5 * normalise(tick, 1.0)
    return normalise(fade(x, 0.0003, 0.008), 0.50)


def deal() -> np.ndarray:
    """~120 ms card slide across felt: swelling filtered hiss ending in a soft tap."""
    d = 0.12
    t = t_axis(d)
    n = noise(len(t), seed=3)
    cutoff = 1500 + 4500 * np.sin(np.pi * np.clip(t / d, 0, 1)) ** 0.7
    hiss = highpass(sweep_lowpass(n, cutoff), 600)
    env = np.clip(t / 0.035, 0, 1) ** 1.5 * np.clip((d - t) / 0.05, 0, 1) ** 1.2
    hiss = normalise(hiss * env, 1.0)
    tap = np.zeros_like(t)
    place(tap, snap(0.03, seed=4, lo=1200, hi=5000, tau=0.006), 0.085)
    return normalise(fade(0.75 * hiss + 0.6 * normalise(tap, 1.0)), 0.60)


def shuffle() -> np.ndarray:
    """~0.8 s riffle: many tiny clicks that speed up then slow down, over a soft hiss."""
    d = 0.8
    t = t_axis(d)
    buf = np.zeros_like(t)
    rng = np.random.default_rng(5)
    # Click times: density follows a bell over the riffle (fast in the middle).
    start, end = 0.04, 0.66
    times = []
    pos = start
    while pos < end:
        u = (pos - start) / (end - start)
        gap = 0.016 - 0.011 * np.sin(np.pi * u)        # 16 ms -> 5 ms -> 16 ms
        times.append(pos)
        pos += gap * rng.uniform(0.75, 1.25)
    for k, at in enumerate(times):
        u = (at - start) / (end - start)
        lo = rng.uniform(1500, 2600)
        c = snap(0.012, seed=100 + k, lo=lo, hi=lo * 3.2, tau=rng.uniform(0.0018, 0.0035))
        gain = (0.55 + 0.45 * np.sin(np.pi * u)) * rng.uniform(0.7, 1.0)
        place(buf, normalise(c, 1.0), at, gain)
    # Airy hiss under the riffle.
    hiss = band(noise(len(t), seed=6), 2000, 8000)
    hiss_env = np.clip((t - start) / 0.05, 0, 1) * np.clip((end + 0.02 - t) / 0.08, 0, 1)
    buf += 0.12 * normalise(hiss * hiss_env, 1.0)
    # The deck squaring up at the end: a soft low tap.
    tt = t_axis(0.08)
    thud = np.sin(2 * np.pi * 140 * tt) * np.exp(-tt / 0.018)
    thud += 0.5 * normalise(snap(0.08, seed=7, lo=400, hi=2500, tau=0.012), 1.0)
    place(buf, thud, 0.69, 0.55)
    return normalise(fade(buf, 0.002, 0.03), 0.65)


def trick_won() -> np.ndarray:
    """~250 ms soft swoosh as the trick is collected, with a warm low tail."""
    d = 0.25
    t = t_axis(d)
    u = t / d
    cutoff = 400 + 3600 * np.sin(np.pi * np.clip(u / 0.9, 0, 1)) ** 2
    sw = sweep_lowpass(noise(len(t), seed=8), cutoff)
    sw = highpass(sw, 250)
    env = np.sin(np.pi * np.clip(u, 0, 1)) ** 1.6
    sw = normalise(sw * env, 1.0)
    # A faint pitched "whoomp" underneath so it feels rounded rather than hissy.
    glide = 2 * np.pi * np.cumsum(330 - 120 * u) / SR
    body = np.sin(glide) * env * 0.18
    return normalise(fade(sw + body, 0.003, 0.02), 0.55)


def bell(freq: float, seconds: float) -> np.ndarray:
    """Soft glockenspiel-like note: fundamental plus a few slightly inharmonic partials."""
    return tone(freq, seconds, [
        (1.0, 1.00, 0.45),
        (2.0, 0.35, 0.25),
        (3.01, 0.18, 0.12),
        (4.2, 0.10, 0.06),
    ], attack=0.003)


def baloot() -> np.ndarray:
    """Cheerful two-note chime: G5 then C6 (rising fourth)."""
    d = 0.85
    buf = np.zeros(int(d * SR))
    place(buf, bell(783.99, 0.7), 0.0, 0.8)
    place(buf, bell(1046.50, 0.7), 0.14, 1.0)
    return normalise(fade(buf, 0.001, 0.15), 0.60)


def brass(freq: float, seconds: float) -> np.ndarray:
    """Bright, soft brass-ish voice: harmonic series with gentle vibrato and a sustain."""
    t = t_axis(seconds)
    harmonics = [(1, 1.0), (2, 0.55), (3, 0.35), (4, 0.2), (5, 0.12), (6, 0.06)]
    vib = 0.004 * np.sin(2 * np.pi * 5.5 * t) * np.clip((t - 0.1) / 0.2, 0, 1)
    phase = 2 * np.pi * freq * np.cumsum(1 + vib) / SR
    out = sum(a * np.sin(h * phase) for h, a in harmonics)
    env = np.clip(t / 0.012, 0, 1) * (0.55 + 0.45 * np.exp(-t / 0.08))
    return out * env


def kaboot() -> np.ndarray:
    """~1 s triumphant arpeggio C5-E5-G5-C6 that lands on a full C major chord."""
    d = 1.08
    buf = np.zeros(int(d * SR))
    notes = [523.25, 659.25, 783.99, 1046.50]
    step = 0.105
    note_len = step * 1.6
    release = np.clip((note_len - t_axis(note_len)) / 0.07, 0, 1)
    for i, f in enumerate(notes[:3]):
        place(buf, brass(f, note_len) * release, i * step, 0.55)
    # Final chord: top C plus the triad underneath, with a bell sparkle on top.
    at = 3 * step
    chord_len = d - at
    fade_env = np.clip((chord_len - t_axis(chord_len)) / 0.45, 0, 1) ** 1.5
    for f, g in [(1046.50, 0.6), (783.99, 0.35), (659.25, 0.3), (523.25, 0.35), (261.63, 0.25)]:
        place(buf, brass(f, chord_len) * fade_env, at, g)
    place(buf, bell(2093.0, 0.6), at, 0.25)
    return normalise(fade(buf, 0.002, 0.05), 0.62)


def your_turn() -> np.ndarray:
    """~450 ms gentle "your turn" cue: a soft falling third, E5 then C5, quieter than the chimes."""
    d = 0.45
    buf = np.zeros(int(d * SR))
    place(buf, bell(659.25, 0.35), 0.0, 0.7)
    place(buf, bell(523.25, 0.35), 0.09, 0.8)
    return normalise(fade(buf, 0.001, 0.12), 0.40)


SOUNDS = {
    "card_flick.wav": card_flick,
    "shuffle.wav": shuffle,
    "trick_won.wav": trick_won,
    "baloot.wav": baloot,
    "kaboot.wav": kaboot,
    "click.wav": click,
    "deal.wav": deal,
    "your_turn.wav": your_turn,
}

LICENSE_TEXT = """\
# Sound effects — licence

All `.wav` files in this folder were synthesised from scratch by
`tools/assets/make_sounds.py` in this repository (seeded noise and sine partials
computed with numpy; no recorded or third-party samples are used).

They are dedicated to the public domain under **CC0 1.0 Universal**
(https://creativecommons.org/publicdomain/zero/1.0/): you may copy, modify and
distribute them, even commercially, without asking permission.

Format: 16-bit PCM, mono, 44 100 Hz.

| file | length | what it is |
| --- | --- | --- |
{rows}

Regenerate with: `.venv/bin/python tools/assets/make_sounds.py`
"""


def write_wav(path: Path, x: np.ndarray) -> None:
    pcm = np.clip(np.round(x * 32767.0), -32768, 32767).astype("<i2")
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(SR)
        w.writeframes(pcm.tobytes())


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    rows = []
    for name, fn in SOUNDS.items():
        x = fn()
        write_wav(OUT / name, x)
        size = (OUT / name).stat().st_size
        ms = len(x) / SR * 1000
        print(f"{name:16s} {ms:6.0f} ms  {size / 1024:5.1f} KiB  peak {np.max(np.abs(x)):.2f}")
        doc = (fn.__doc__ or "").strip().splitlines()[0]
        rows.append(f"| {name} | {ms:.0f} ms | {doc} |")
    (OUT / "LICENSE.md").write_text(LICENSE_TEXT.format(rows="\n".join(rows)), encoding="utf-8")
    print("wrote", OUT / "LICENSE.md")


if __name__ == "__main__":
    main()
