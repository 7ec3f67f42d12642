"""What things cost in Tanuki in the Garden, and the numbers the engine's phases share."""

CRASH_COST = 5
LOOP_COST = 5
CHASE_COST = 2
TOGETHER_COST = 2
BUY_COST = 2
HAND_CARDS = 5
#: extra rounds of tie-break turns after which tied leaders share the win (the rulebook repeats forever)
MAX_TIEBREAK_ROUNDS = 10
#: cards that may be played on your own turn, before the roll and (all but Fast Tanuki) once the Tanuki moved
TURN_CARDS = ("move", "fast", "dens", "ashi", "pilfer", "harvest", "robber", "trap", "bait", "speed", "clear",
              "shift", "rock")
