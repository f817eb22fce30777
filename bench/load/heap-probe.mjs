// Preloaded (`node --expose-gc --import bench/load/heap-probe.mjs …`) into the API and BFF processes
// by `npm run bench:load` only: on a message over the IPC channel its parent opened, it forces a
// garbage collection and answers with process.memoryUsage(). No network endpoint exists for this;
// without an IPC channel (any normal start) the file does nothing.
if (typeof process.send === 'function') {
  process.on('message', (message) => {
    if (!message || message.type !== 'bazaar-heap') return;
    if (typeof globalThis.gc === 'function') {
      // two passes: the first can leave objects that only became unreachable during it
      globalThis.gc();
      globalThis.gc();
    }
    const { heapUsed, heapTotal, rss } = process.memoryUsage();
    process.send?.({
      type: 'bazaar-heap',
      id: message.id,
      heapUsed,
      heapTotal,
      rss,
      forcedGc: typeof globalThis.gc === 'function',
    });
  });
  // the channel must not keep a stopping server alive
  process.channel?.unref();
}
