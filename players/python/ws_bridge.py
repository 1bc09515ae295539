#!/usr/bin/env python3
"""Plays a stdio player in Discord: connects to the bot's arena WebSocket with your player token and runs your
program once per game, exactly as the local arena does (docs/players-protocol.md, "Play from anywhere").
Standard library only (Python 3.8+).

    python3 players/python/ws_bridge.py --url ws://127.0.0.1:8765/ --token YOUR_TOKEN -- python3 -u players/python/hare.py

Or put the token in the HARE_TOKEN environment variable instead of --token (it then stays out of `ps`).
The program after `--` is started for each game the bot seats it at (several games run side by side); its
standard input and output carry that game's messages, one JSON object per line, as in the arena. Its standard
error is passed through. `wss://` URLs use TLS.
"""
import argparse
import base64
import json
import os
import socket
import ssl
import struct
import subprocess
import sys
import threading
from urllib.parse import urlsplit


class WebSocket:
    """The client side of RFC 6455, text messages only: enough for the arena."""

    def __init__(self, url, token):
        parts = urlsplit(url)
        secure = parts.scheme == "wss"
        host = parts.hostname or "127.0.0.1"
        port = parts.port or (443 if secure else 80)
        raw = socket.create_connection((host, port), timeout=30)
        self.sock = ssl.create_default_context().wrap_socket(raw, server_hostname=host) if secure else raw
        self.sock.settimeout(None)
        self.send_lock = threading.Lock()
        key = base64.b64encode(os.urandom(16)).decode()
        path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        request = (
            f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\nAuthorization: Bearer {token}\r\n\r\n"
        )
        self.sock.sendall(request.encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(4096)
            if not chunk:
                break
            head += chunk
        status, _, rest = head.partition(b"\r\n\r\n")
        self.buffer = rest
        first_line = status.split(b"\r\n", 1)[0].decode(errors="replace")
        if " 101 " not in first_line + " ":
            sys.exit(f"the arena refused the connection: {first_line} {rest.decode(errors='replace').strip()}")

    def _read(self, count):
        while len(self.buffer) < count:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise EOFError("the connection closed")
            self.buffer += chunk
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def _frame(self, opcode, payload):
        mask = os.urandom(4)
        length = len(payload)
        if length < 126:
            header = struct.pack("!BB", 0x80 | opcode, 0x80 | length)
        elif length < 65536:
            header = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, length)
        else:
            header = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, length)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        with self.send_lock:
            self.sock.sendall(header + mask + masked)

    def send(self, message):
        self._frame(0x1, json.dumps(message).encode())

    def receive(self):
        """The next message as a dict, or None when the connection closed."""
        parts = []
        while True:
            try:
                first, second = self._read(2)
            except EOFError:
                return None
            opcode, length = first & 0x0F, second & 0x7F
            if length == 126:
                length = struct.unpack("!H", self._read(2))[0]
            elif length == 127:
                length = struct.unpack("!Q", self._read(8))[0]
            payload = self._read(length)
            if opcode == 0x8:  # close
                code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else 1005
                print(f"the arena closed the connection ({code}): {payload[2:].decode(errors='replace')}",
                      file=sys.stderr)
                return None
            if opcode == 0x9:  # ping
                self._frame(0xA, payload)
                continue
            if opcode in (0x0, 0x1):
                parts.append(payload)
                if first & 0x80:
                    return json.loads(b"".join(parts).decode())


class Table:
    """One game: your program, started for it, fed that game's messages."""

    def __init__(self, ws, table, command):
        self.ws, self.table = ws, table
        self.child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        threading.Thread(target=self.answers, daemon=True).start()

    def answers(self):
        said_hello = False
        for line in self.child.stdout:
            try:
                message = json.loads(line)
            except ValueError:
                print(f"[{self.table}] not JSON: {line.strip()[:200]}", file=sys.stderr)
                continue
            if not said_hello and message.get("type") == "hello":
                said_hello = True  # the bridge said hello for the connection already
                continue
            message["table"] = self.table
            self.ws.send(message)

    def deliver(self, message):
        try:
            self.child.stdin.write(json.dumps(message) + "\n")
            self.child.stdin.flush()
        except (BrokenPipeError, ValueError):
            pass

    def close(self):
        try:
            self.child.stdin.close()
        except (BrokenPipeError, ValueError):
            pass


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", required=True, help="the arena's address, e.g. ws://127.0.0.1:8765/")
    parser.add_argument("--token", default=os.environ.get("HARE_TOKEN"), help="your player token (or HARE_TOKEN)")
    parser.add_argument("--name", default="ws-bridge", help="the name in your hello (the token's name is shown)")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="-- then your program and its arguments")
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not args.token or not command:
        parser.error("give --token (or HARE_TOKEN) and, after --, the program to run for each game")
    ws = WebSocket(args.url, args.token)
    ws.send({"type": "hello", "protocol": 1, "name": args.name})
    tables = {}
    while True:
        message = ws.receive()
        if message is None:
            break
        kind, table = message.get("type"), message.get("table")
        if kind == "ready":
            print(f"connected as {message.get('name')}; waiting to be seated", file=sys.stderr)
        elif kind == "welcome":
            tables[table] = Table(ws, table, command)
            tables[table].deliver(message)
        elif table in tables:
            tables[table].deliver(message)
            if kind == "end":
                tables.pop(table).close()
        elif kind == "error":
            print(f"error: {message.get('message')}", file=sys.stderr)
    for entry in tables.values():
        entry.close()


if __name__ == "__main__":
    main()
