"""The random bot draws what rng.randrange(len(legal)) would: seeded random games stay the
games they were whatever shortcut the bot takes to the draw."""

import random

from catan_dsl.bots.random_bot import RandomBot


def test_random_bot_picks_what_randrange_picks():
    bot = RandomBot()
    for seed in range(20):
        ours, reference = random.Random(seed), random.Random(seed)
        for n in list(range(1, 80)) + [255, 256, 257, 1000]:
            legal = list(range(n))
            want = legal[reference.randrange(n)] if n > 1 else legal[0]
            assert bot.choose(None, legal, ours) == want
