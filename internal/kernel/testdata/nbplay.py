"""Runs a notebook of four cells with nbclient against the gamelang kernel
and prints what came back as JSON: a definition, an answer (Out[n]), a
play() cell whose moves are answered through the stdin channel, and an
error cell; then the kernel's history. nbclient always runs with
allow_stdin off; this client turns it on and answers each input_request
from the moves given, as a person at Jupyter would.
nbplay.py MOVE...

The kernel is found by the usual kernel-spec search (JUPYTER_PATH).
"""
import asyncio
import json
import sys

import nbformat
from nbclient import NotebookClient


class StdinClient(NotebookClient):
    """nbclient with the stdin channel answered from a list of moves."""

    def __init__(self, nb, moves, **kw):
        super().__init__(nb, **kw)
        self.moves, self.prompts, self.history = list(moves), [], None

    async def async_start_new_kernel_client(self):
        kc = await super().async_start_new_kernel_client()
        kc.allow_stdin = True
        self.answering = asyncio.ensure_future(self.answer_stdin())
        return kc

    async def answer_stdin(self):
        while True:
            msg = await self.kc.stdin_channel.get_msg(timeout=None)
            if msg["msg_type"] == "input_request":
                self.prompts.append(msg["content"]["prompt"])
                self.kc.input(self.moves.pop(0))

    async def async_execute_cell(self, cell, cell_index, **kw):
        out = await super().async_execute_cell(cell, cell_index, **kw)
        if cell_index == len(self.nb.cells) - 1:  # the last: the history, then stdin is done
            self.answering.cancel()
            reply = await self.kc.history(hist_access_type="tail", n=10, output=True, reply=True, timeout=60)
            self.history = reply["content"]["history"]
        return out


cells = [
    "game Bounded(m) { take 1..m }",
    "grundy(Bounded(3)(10))",
    "play(Nim(1) + Nim(3))",
    "grundy(Nim, 5..1)",
]
nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
nb.cells[-1].metadata["tags"] = ["raises-exception"]
client = StdinClient(nb, sys.argv[1:], kernel_name="gamelang", timeout=120, record_timing=False)
client.execute()
json.dump({"cells": [{"source": c.source, "execution_count": c.execution_count, "outputs": c.outputs} for c in nb.cells],
           "prompts": client.prompts, "history": client.history}, sys.stdout, indent=1)
