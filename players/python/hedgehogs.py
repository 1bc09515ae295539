#!/usr/bin/env python3
"""A starter player for Hedgehogs in a Hurry (docs/players-protocol.md). Standard library only.

Run it in the arena:  npm run arena -- --game hedgehogs --players ./players/python/hedgehogs.py novice --games 10
"""
import json
import random
import sys


def send(message):
    print(json.dumps(message), flush=True)


def choose(state, legal, seat, rng):
    """Pick one of the legal actions. This is where your strategy goes.

    state["phase"] is "place", "sidestep" or "forward"; state["die"] the row that moves forward this turn;
    state["stacks"][row - 1][col] the seats stacked there, bottom to top (rows 1-6, columns 0-8, goal at 8).
    Actions: {"type": "place", "row": r}, {"type": "sidestep", "row": r, "col": c, "to": r2},
    {"type": "no-sidestep"}, {"type": "forward", "row": r, "col": c}.
    """
    # Prefer moving one of your own hedgehogs forward when you can.
    mine = [
        a for a in legal
        if a["type"] == "forward" and state["stacks"][a["row"] - 1][a["col"]][-1] == seat
    ]
    return rng.choice(mine or legal)


def main():
    send({"type": "hello", "protocol": 1, "name": "python-hedgehogs-starter"})
    rng = random.Random()
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "welcome":
            rng = random.Random(message["seed"])  # the same arena seed gives the same games
        elif message["type"] == "move":
            action = choose(message["state"], message["legal"], message["seat"], rng)
            send({"type": "action", "id": message["id"], "action": action})
        elif message["type"] == "strike":
            print("strike:", message["message"], file=sys.stderr)  # logs go to stderr, never stdout
        elif message["type"] == "end":
            break


if __name__ == "__main__":
    main()
