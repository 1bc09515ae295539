#!/usr/bin/env python3
"""A starter player for Candy Land (docs/players-protocol.md). Standard library only.

Run it in the arena:  npm run arena -- --game candyland --players ./players/python/candyland.py auto --games 10
"""
import json
import sys


def send(message):
    print(json.dumps(message), flush=True)


def choose(state, legal, seat):
    """Candy Land has one action, {"type": "draw"}: the cards decide. This is where a strategy would go.

    state["positions"][seat] is your square (0 start .. 133 Candy Castle); state["drawPile"] lists the codes of
    the cards left (sorted: their order is secret).
    """
    return legal[0]


def main():
    send({"type": "hello", "protocol": 1, "name": "python-candyland-starter"})
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "move":
            action = choose(message["state"], message["legal"], message["seat"])
            send({"type": "action", "id": message["id"], "action": action})
        elif message["type"] == "strike":
            print("strike:", message["message"], file=sys.stderr)  # logs go to stderr, never stdout
        elif message["type"] == "end":
            break


if __name__ == "__main__":
    main()
