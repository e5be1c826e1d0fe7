"""Abstracts for the real works the examples cite, so `check --ground` has evidence to judge.

The corpus carries no abstracts. These are short summaries of each work written for this
project (not the publishers' text); every fake API serves them in its own shape (OpenAlex's
inverted index, Crossref's JATS, Semantic Scholar's plain `abstract`). Works of the examples
left out here (tang1990, vanlehn1989, kitani1994) stay abstract-less on purpose: many
indexed works are, and the product must then say "unverifiable", never red.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

# By lower-case DOI.
BY_DOI: Mapping[str, str] = MappingProxyType(
    {
        # nowlan1992
        "10.1162/neco.1992.4.4.473": (
            "A network generalises better when its weights are kept simple, usually by adding a "
            "penalty to the error function. Weight decay, the common penalty, pulls every weight "
            "towards zero. We instead model the distribution of the weights as a mixture of "
            "Gaussians whose means, variances and mixing proportions are learned together with "
            "the weights, so that groups of weights are pulled towards shared values. This soft "
            "weight-sharing generalises better than weight decay on a shift-detection task and "
            "on predicting the yearly sunspot numbers."
        ),
        # schmidhuber1992
        "10.1162/neco.1992.4.6.863": (
            "We propose an unsupervised method for learning factorial codes, in which the code "
            "units are statistically independent of each other. Each code unit has an adaptive "
            "predictor that tries to predict the unit from the other units, while the unit "
            "learns to become as unpredictable as possible. This predictability minimization "
            "needs no teacher. Experiments show that the units find factorial codes of simple "
            "inputs."
        ),
        # tsitsiklis1994
        "10.1007/bf00993306": (
            "We give a new proof of convergence for Q-learning, a reinforcement learning method "
            "for Markov decision problems. We extend results of stochastic approximation theory "
            "to asynchronous iterations of contraction mappings and show that Q-learning is such "
            "an iteration. It follows that Q-learning converges with probability one under the "
            "usual conditions on the step sizes, even when the values are updated "
            "asynchronously, one state-action pair at a time. The result also covers undiscounted "
            "problems in which every policy eventually reaches a terminal state."
        ),
        # back1993 (published in 1992)
        "10.1162/neco.1992.4.6.922": (
            "Multilayer perceptrons with static weights have no memory of earlier inputs. We "
            "replace each synapse by an adaptive infinite impulse response filter written in "
            "lattice form, whose stability is easy to check and keep during training, and derive "
            "a gradient algorithm that adapts the filter coefficients. The resulting dynamic "
            "network is applied to time-series modelling and system identification."
        ),
        # kumar2024 (by Garg and Murhekar)
        "10.1613/jair.1.15414": (
            "We study the allocation of indivisible goods among agents with additive valuations, "
            "asking for allocations that are both fair, envy-free up to one good, and efficient, "
            "Pareto optimal. We give algorithms that compute such allocations, and show that "
            "they run in polynomial time when the agents' values take only a few distinct values."
        ),
        # delgrande2008 (the work its title names; the DOI cited belongs to another)
        "10.1613/jair.2539": (
            "Belief update changes what an agent believes when the world itself changes. We "
            "define a class of update operators that are compositional in the formula describing "
            "the change, so that an update by a compound formula is built from updates by its "
            "parts, and we study the formal properties of these operators."
        ),
        # zilli2014
        "10.1613/jair.4434": (
            "Smartphones carried by volunteers could record insects over wide areas for "
            "biodiversity monitoring. We present an acoustic detector for the song of the New "
            "Forest cicada, an endangered insect in the United Kingdom, built on a hidden Markov "
            "model over audio features that are cheap to compute. The detector runs in real time "
            "on a smartphone and tells the cicada apart from insects with similar songs, such as "
            "the dark bush cricket. It was deployed in an app used by the public to search for "
            "the cicada in the New Forest."
        ),
    }
)
