#!/usr/bin/env python3
"""A starter player for Hare & Tortoise (docs/players-protocol.md). Standard library only.

Run it in the arena:  npm run arena -- --game hare --players ./players/python/hare.py novice --games 10
"""
import json
import random
import sys


def send(message):
    print(json.dumps(message), flush=True)


def choose(state, legal, seat, rng):
    """Pick one of the legal actions. This is where your strategy goes.

    state["seats"][seat] is you: position (0 start .. 64 finish), carrots, lettuces. Under the standard rules
    the other runners' carrots read -1 (secret). An action looks like {"type": "move", "to": 12},
    {"type": "eat"}, {"type": "carrots", "amount": 10} or {"type": "skip"}.
    """
    me = state["seats"][seat]
    finishing = [a for a in legal if a["type"] == "move" and a["to"] == 64]
    if finishing:
        return finishing[0]
    if me["lettuces"] > 0 and {"type": "eat"} in legal:
        return {"type": "eat"}
    return rng.choice(legal)


def main():
    send({"type": "hello", "protocol": 1, "name": "python-hare-starter"})
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
