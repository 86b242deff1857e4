"""Plays a game in a cell with jupyter_client, as Jupyter's console does:
each input_request of the kernel is answered from the moves given.
play.py MOVE... prints the cell's text output, then one line per prompt.

The kernel is found by the usual kernel-spec search (JUPYTER_PATH).
"""
import sys

from jupyter_client.manager import start_new_kernel

moves = list(sys.argv[1:])
km, kc = start_new_kernel(kernel_name="gamelang")
text, prompts = [], []


def output(msg):
    if msg["msg_type"] == "stream":
        text.append(msg["content"]["text"])


def stdin(msg):
    prompts.append(msg["content"]["prompt"])
    kc.input(moves.pop(0))


try:
    reply = kc.execute_interactive("play(Nim(1) + Nim(3))\nprint(\"after\")", allow_stdin=True,
                                   output_hook=output, stdin_hook=stdin, timeout=120)
    sys.stdout.write("".join(text))
    for p in prompts:
        print("prompt: %r" % p)
    print("status:", reply["content"]["status"])
finally:
    kc.stop_channels()
    km.shutdown_kernel(now=True)
