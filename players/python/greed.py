#!/usr/bin/env python3
"""A starter player for Greed (docs/players-protocol.md). Standard library only.

Run it in the arena:  npm run arena -- --game greed --players ./players/python/greed.py steady --games 10
"""
import json
import random
import sys


def send(message):
    print(json.dumps(message), flush=True)


def choose(state, legal, seat, rng):
    """Pick one of the legal actions: {"type": "roll"} or {"type": "stop"}. This is where your strategy goes.

    state["turnTotal"] is what this turn has scored so far, state["diceInCup"] the dice the next roll throws,
    state["scores"][seat] your banked score, state["options"]["target"] the score that starts the final round.
    """
    if {"type": "stop"} in legal and state["turnTotal"] >= 300:
        return {"type": "stop"}
    return rng.choice(legal)


def main():
    send({"type": "hello", "protocol": 1, "name": "python-greed-starter"})
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
