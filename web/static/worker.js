// The playground's Web Worker: it runs gamelang (gamelang.wasm, built from
// web/worker) away from the page, so that a long computation never freezes
// it. Messages from the page go to the Go side's gamelangHandle; the Go
// side answers with postMessage (JSON text).
importScripts('wasm_exec.js');

let queue = [];
self.onmessage = (e) => {
  if (self.gamelangHandle) self.gamelangHandle(e.data);
  else queue.push(e.data);
};

async function load() {
  const go = new Go();
  let result;
  try {
    result = await WebAssembly.instantiateStreaming(fetch('gamelang.wasm'), go.importObject);
  } catch (err) {
    // a host that does not serve .wasm as application/wasm
    const bytes = await (await fetch('gamelang.wasm')).arrayBuffer();
    result = await WebAssembly.instantiate(bytes, go.importObject);
  }
  go.run(result.instance); // returns once main waits: gamelangHandle is set
  for (const m of queue) self.gamelangHandle(m);
  queue = [];
}

load().catch((err) => postMessage(JSON.stringify({ type: 'fatal', text: 'could not load gamelang.wasm: ' + err })));
