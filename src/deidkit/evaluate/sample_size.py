"""How many PHI instances a test corpus needs (PhysioNet deid, section 2.1).

The standard sample size for estimating a proportion: N = Z^2 p (1 - p) / E^2, where E is the
margin of error, p the expected proportion (0.5 is the conservative choice that maximises N)
and Z the two-sided normal quantile of the confidence level. PhysioNet deid separates 90% from 93%
accuracy (E = 0.03, Z = 1.96, p = 0.5) and needs at least 1068 PHI instances.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist

from deidkit.errors import ConfigError


@dataclass(frozen=True, slots=True)
class SampleSize:
    """The required number of instances and the inputs it came from."""

    instances: int
    margin: float
    proportion: float
    confidence: float
    z: float

    def to_dict(self) -> dict[str, float | int]:
        return {
            "instances": self.instances,
            "margin": self.margin,
            "proportion": self.proportion,
            "confidence": self.confidence,
            "z": self.z,
        }


def z_value(confidence: float) -> float:
    """Two-sided normal quantile Z(1 - alpha/2) for a confidence level (0.95 -> 1.95996)."""
    if not 0 < confidence < 1:
        raise ConfigError(f"confidence must be between 0 and 1 (got {confidence})")
    return NormalDist().inv_cdf(1 - (1 - confidence) / 2)


def sample_size(
    margin: float,
    *,
    proportion: float = 0.5,
    confidence: float = 0.95,
    z: float | None = None,
) -> SampleSize:
    """N = Z^2 p (1 - p) / E^2, rounded up. Pass ``z`` to use a tabled value (PhysioNet deid:
    1.96)."""
    if not 0 < margin < 1:
        raise ConfigError(f"the margin of error must be between 0 and 1 (got {margin})")
    if not 0 < proportion < 1:
        raise ConfigError(f"the proportion must be between 0 and 1 (got {proportion})")
    z_used = z_value(confidence) if z is None else z
    if z_used <= 0:
        raise ConfigError(f"z must be positive (got {z_used})")
    raw = z_used * z_used * proportion * (1 - proportion) / (margin * margin)
    # Guard against 1067.0000000001-style float noise before rounding up.
    instances = math.ceil(round(raw, 9))
    return SampleSize(instances, margin, proportion, confidence, z_used)


def margin_for(instances: int, *, proportion: float = 0.5, confidence: float = 0.95) -> float:
    """The margin of error E that ``instances`` instances give (the formula solved for E)."""
    if instances < 1:
        raise ConfigError(f"need at least one instance (got {instances})")
    if not 0 < proportion < 1:
        raise ConfigError(f"the proportion must be between 0 and 1 (got {proportion})")
    z = z_value(confidence)
    return z * math.sqrt(proportion * (1 - proportion) / instances)
