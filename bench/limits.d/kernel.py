"""The kernel's rows of bench/limits: kernel.py GAMELANG.

Starts `gamelang kernel` on a connection file of its own, under a 4 GiB
address-space cap (prlimit), and drives it as Jupyter does (Debian's
jupyter_client), timing:

  wire        the ZMTP attack of issue 69 on shell and control: a greeting,
              a READY and a frame header announcing 2^62 (8 GiB) bytes; the
              kernel must answer the next signed request
  big cell    a cell of 64 MB (comment lines and a statement): its answer
  interrupt   an interrupt (signal and message) 2 s into a long cell: the
              time to its reply

Prints one line per row: name, result, seconds, the kernel's peak RSS in
MiB (VmHWM). Debian's python3 runs it (/usr/bin/python3).
"""
import json
import os
import socket
import struct
import subprocess
import sys
import tempfile
import time

from jupyter_client import BlockingKernelClient

from peak import peak


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    p = s.getsockname()[1]
    s.close()
    return p


def attack(port, size):
    """Greets as a DEALER, then announces size bytes; returns once closed."""
    s = socket.create_connection(("127.0.0.1", port))
    greeting = bytearray(64)
    greeting[0], greeting[9], greeting[10] = 0xFF, 0x7F, 3
    greeting[12:16] = b"NULL"
    prop = bytes([11]) + b"Socket-Type" + struct.pack(">I", 6) + b"DEALER"
    ready = bytes([5]) + b"READY" + prop
    s.sendall(bytes(greeting) + bytes([0x04, len(ready)]) + ready)
    s.sendall(bytes([0x02]) + struct.pack(">Q", size))
    s.settimeout(60)
    try:
        while s.recv(65536):
            pass
    except OSError:
        pass
    s.close()


def run(kc, code, timeout=120):
    msg = kc.execute(code)
    reply = kc.get_shell_msg(timeout=timeout)
    while reply["parent_header"].get("msg_id") != msg:
        reply = kc.get_shell_msg(timeout=timeout)
    return reply["content"]


def main():
    gamelang = sys.argv[1]
    work = tempfile.mkdtemp()
    conn = {"transport": "tcp", "ip": "127.0.0.1", "key": "bench-key", "signature_scheme": "hmac-sha256",
            "shell_port": free_port(), "iopub_port": free_port(), "stdin_port": free_port(),
            "control_port": free_port(), "hb_port": free_port()}
    cf = os.path.join(work, "kernel.json")
    with open(cf, "w") as f:
        json.dump(conn, f)
    proc = subprocess.Popen(["prlimit", f"--as={4 << 30}", gamelang, "kernel", "-f", cf],
                            stderr=open(os.path.join(work, "kernel.log"), "w"))
    kc = BlockingKernelClient(connection_file=cf)
    kc.load_connection_file()
    kc.start_channels()
    kc.wait_for_ready(timeout=60)

    t0 = time.time()
    attack(conn["shell_port"], 1 << 62)
    attack(conn["control_port"], 8 << 30)
    kc.kernel_info()
    kc.get_shell_msg(timeout=30)
    alive = proc.poll() is None
    print(f"wire\t{'served on' if alive else 'died'}\t{time.time() - t0:.2f}\t{peak(proc.pid)}")

    cell = "# a comment line that says nothing at all, padded out to a length\n" * (64 * 2**20 // 66) + "grundy(Nim(7))\n"
    t0 = time.time()
    r = run(kc, cell)
    print(f"big cell\t{r['status']}\t{time.time() - t0:.2f}\t{peak(proc.pid)}")

    for how in ("signal", "message"):
        msg = kc.execute("grundy(NumberGame(65){2..65})")
        time.sleep(2)
        t0 = time.time()
        if how == "signal":
            proc.send_signal(2)
        else:
            kc.control_channel.send(kc.session.msg("interrupt_request", {}))
        reply = kc.get_shell_msg(timeout=60)
        while reply["parent_header"].get("msg_id") != msg:
            reply = kc.get_shell_msg(timeout=60)
        print(f"interrupt ({how})\t{reply['content'].get('ename', reply['content']['status'])}\t{time.time() - t0:.3f}\t{peak(proc.pid)}")

    kc.shutdown()
    kc.stop_channels()
    proc.wait(timeout=30)


main()
