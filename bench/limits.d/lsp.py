"""The language server's rows of bench/limits: lsp.py GAMELANG.

Starts `gamelang lsp` under a 4 GiB address-space cap (prlimit) and
speaks to it as an editor does, timing:

  big document   a document of 50 MB opened: its diagnostics
  2000 changes   2000 didChange notifications of a script, sent at once:
                 the diagnostics of the last text
  forged length  a header announcing 2^62 bytes, then a request: answered

Prints one line per row: name, result, seconds, the server's peak RSS in
MiB (VmHWM).
"""
import json
import subprocess
import sys
import time

from peak import peak


class Server:
    def __init__(self, gamelang):
        self.p = subprocess.Popen(["prlimit", f"--as={4 << 30}", gamelang, "lsp"],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.id = 0

    def send(self, method, params, request=False, raw=None):
        m = {"jsonrpc": "2.0", "method": method, "params": params}
        if request:
            self.id += 1
            m["id"] = self.id
        body = json.dumps(m).encode()
        self.p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.p.stdin.flush()

    def read(self):
        n = 0
        while True:
            line = self.p.stdout.readline()
            if line in (b"\r\n", b"\n"):
                break
            if line.lower().startswith(b"content-length:"):
                n = int(line.split(b":")[1])
        return json.loads(self.p.stdout.read(n))

    def until(self, pred):
        while True:
            m = self.read()
            if pred(m):
                return m


def diags_of(uri, word=None):
    def pred(m):
        if m.get("method") != "textDocument/publishDiagnostics" or m["params"]["uri"] != uri:
            return False
        return word is None or any(word in d["message"] for d in m["params"]["diagnostics"])
    return pred


def main():
    s = Server(sys.argv[1])
    s.send("initialize", {"processId": None, "capabilities": {}}, request=True)
    s.until(lambda m: m.get("id") == 1)
    s.send("initialized", {})

    text = "# a comment line that says nothing at all, padded out to a length\n" * (50 * 2**20 // 66) + "grundy(nosuch)\n"
    t0 = time.time()
    s.send("textDocument/didOpen", {"textDocument": {"uri": "file:///big.game", "languageId": "gamelang", "version": 1, "text": text}})
    m = s.until(diags_of("file:///big.game"))
    print(f"big document\t{len(m['params']['diagnostics'])} diagnostic\t{time.time() - t0:.2f}\t{peak(s.p.pid)}")
    s.send("textDocument/didClose", {"textDocument": {"uri": "file:///big.game"}})

    uri = "file:///edit.game"
    base = "game W state (a, b) {\n    move (a - k, b) for k in 1..a\n    move (a, b - k) for k in 1..b\n}\n" * 20
    s.send("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "gamelang", "version": 1, "text": base}})
    t0 = time.time()
    for i in range(2000):
        s.send("textDocument/didChange", {"textDocument": {"uri": uri, "version": i + 2},
                                          "contentChanges": [{"text": base + f"grundy(W(3, x{i}))\n"}]})
    s.until(diags_of(uri, "x1999"))
    print(f"2000 changes\tlast text checked\t{time.time() - t0:.2f}\t{peak(s.p.pid)}")

    t0 = time.time()
    s.p.stdin.write(b"Content-Length: %d\r\n\r\n" % (1 << 62))
    s.p.stdin.flush()
    alive = s.p.poll() is None
    print(f"forged length\t{'served on' if alive else 'died'}\t{time.time() - t0:.2f}\t{peak(s.p.pid)}")
    s.p.kill()


main()
