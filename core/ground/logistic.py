"""A small logistic model in plain Python: fitted by the training script, read by the scorer."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Logistic:
    """Standardised inputs, weights and bias: P(y=1 | x)."""

    means: tuple[float, ...]
    scales: tuple[float, ...]
    weights: tuple[float, ...]
    bias: float

    def probability(self, features: Sequence[float]) -> float:
        z = self.bias
        for value, mean, scale, weight in zip(
            features, self.means, self.scales, self.weights, strict=True
        ):
            z += weight * (value - mean) / scale
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def fit(
    rows: Sequence[Sequence[float]],
    labels: Sequence[int],
    *,
    l2: float = 1.0,
    steps: int = 3000,
    rate: float = 0.5,
) -> Logistic:
    """Full-batch gradient descent with an L2 penalty on standardised features."""
    width = len(rows[0])
    count = len(rows)
    means = tuple(sum(row[i] for row in rows) / count for i in range(width))
    scales = tuple(
        math.sqrt(sum((row[i] - means[i]) ** 2 for row in rows) / count) or 1.0
        for i in range(width)
    )
    data = [[(row[i] - means[i]) / scales[i] for i in range(width)] for row in rows]
    weights = [0.0] * width
    bias = 0.0
    for _ in range(steps):
        gradient = [0.0] * width
        gradient_bias = 0.0
        for row, label in zip(data, labels, strict=True):
            z = bias + sum(w * x for w, x in zip(weights, row, strict=True))
            error = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z)))) - label
            gradient_bias += error
            for i, x in enumerate(row):
                gradient[i] += error * x
        bias -= rate * gradient_bias / count
        for i in range(width):
            weights[i] -= rate * (gradient[i] / count + l2 * weights[i] / count)
    return Logistic(means, scales, tuple(weights), bias)
