"""Runs a notebook against the gamelang kernel with nbclient, as Jupyter
would, and writes the executed notebook: nbrun.py IN OUT WORKDIR.

The kernel is found by the usual kernel-spec search (the test points
JUPYTER_PATH at a directory where `gamelang kernel install` wrote it).
"""
import sys

import nbformat
from nbclient import NotebookClient

src, dst, workdir = sys.argv[1:4]
nb = nbformat.read(src, as_version=4)
client = NotebookClient(nb, kernel_name="gamelang", timeout=300, record_timing=False,
                        resources={"metadata": {"path": workdir}})
client.execute()
nbformat.write(nb, dst)
