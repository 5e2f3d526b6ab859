"""erf over whole arrays, accurate to about one ulp in f64.

numpy has no erf and a Python loop over elements is too slow for tiles, so erf is a
piecewise Taylor polynomial: |x| is split at the nearest multiple of 1/8 (the centre
c), and erf(c + h) = sum a_n h^n with |h| <= 1/16. The coefficients come from
erf^(n)(x) = 2/sqrt(pi) (-1)^(n-1) H_(n-1)(x) exp(-x^2) (H the Hermite polynomials)
and are worked out once, in 60-digit decimal arithmetic, so each is correctly
rounded; erf(c) itself is kept as two doubles, so the sum adds to it with one
rounding. Past 6, erf rounds to 1 in f64.
"""

from __future__ import annotations

import functools
from decimal import Decimal, localcontext

import numpy as np

STEP = 8  # centres per unit
LAST = 48  # the last centre is 6
TERMS = 14
# pi to 60 digits (the decimal expansion, not a value from a library).
_PI = "3.14159265358979323846264338327950288419716939937510582097494"


@functools.cache
def _table() -> tuple[np.ndarray, np.ndarray]:
    """(erf(c) as hi and lo doubles, then the Taylor coefficients a_1.. per centre)."""
    base = np.zeros((LAST + 1, 2))
    coef = np.zeros((TERMS, LAST + 1))
    with localcontext() as dec:
        dec.prec = 60
        two_over_sqrt_pi = 2 / Decimal(_PI).sqrt()
        for k in range(LAST + 1):
            c = Decimal(k) / STEP
            value = _erf_series(c, two_over_sqrt_pi)
            hi = float(value)
            base[k] = hi, float(value - Decimal(hi))
            scale = two_over_sqrt_pi * (-c * c).exp()
            h_prev, h = Decimal(0), Decimal(1)  # H_(n-2), H_(n-1)
            factorial = Decimal(1)
            for n in range(1, TERMS + 1):
                factorial *= n
                sign = 1 if n % 2 else -1
                coef[n - 1, k] = float(sign * scale * h / factorial)
                h_prev, h = h, 2 * c * h - 2 * (n - 1) * h_prev
    return base, coef


def _erf_series(c: Decimal, two_over_sqrt_pi: Decimal) -> Decimal:
    """erf(c) from its Maclaurin series, in the caller's decimal precision."""
    total, term, n = Decimal(0), c, 0
    tiny = Decimal(10) ** -55
    while True:
        piece = term / (2 * n + 1)
        total += piece
        if abs(piece) < tiny and n > 2 * c * c:
            return two_over_sqrt_pi * total
        n += 1
        term = -term * c * c / n


def erf(x: np.ndarray) -> np.ndarray:
    """erf of an f64 array."""
    base, coef = _table()
    a = np.abs(x)
    a = np.where(np.isnan(a), 0.0, a)
    k = np.minimum(np.rint(a * STEP), LAST).astype(np.intp)
    h = a - k / STEP  # exact: a and the centre are within a factor of two
    s = coef[TERMS - 1][k]
    for n in range(TERMS - 2, -1, -1):
        s = s * h + coef[n][k]
    value = base[k, 0] + (base[k, 1] + s * h)
    value = np.where(a > LAST / STEP, 1.0, value)
    return np.where(np.isnan(x), x, np.copysign(value, x))
