// Runs inside the kiosk page (plain JS, evaluated by bench/ui.bench.ts through the DevTools
// protocol, so the page's CSP does not apply and the file needs no DOM types in tsconfig.node).
// Presses DEAL and resolves with {firstCardMs, frameDeltas}: the time from the press to the frame
// that paints the first card, and every requestAnimationFrame delta until the result shows.
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- called by name from ui.bench.ts
function benchDealOnce() {
  return new Promise((resolve, reject) => {
    const deltas = [];
    let last = performance.now();
    let firstCardMs = -1;
    let pressed = 0;
    let done = false;
    const timeout = setTimeout(() => finish(new Error('no result within 30 s')), 30_000);
    const finish = (error) => {
      if (done) return;
      done = true;
      clearTimeout(timeout);
      observer.disconnect();
      if (error) reject(error);
      else resolve({ firstCardMs, frameDeltas: deltas });
    };
    const isCard = (node) =>
      node instanceof Element &&
      (node.getAttribute('data-testid') === 'card' || node.querySelector('[data-testid="card"]') !== null);
    const observer = new MutationObserver((records) => {
      if (firstCardMs >= 0 || pressed === 0) return;
      if (records.some((r) => Array.from(r.addedNodes).some(isCard))) {
        // Drawn: the next animation frame paints it.
        requestAnimationFrame(() => {
          if (firstCardMs < 0) firstCardMs = performance.now() - pressed;
        });
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const frame = (now) => {
      deltas.push(now - last);
      last = now;
      const banner = document.querySelector('[data-testid="result-banner"]');
      if (firstCardMs >= 0 && banner) {
        finish();
        return;
      }
      if (!done) requestAnimationFrame(frame);
    };
    requestAnimationFrame((now) => {
      last = now;
      pressed = performance.now();
      document.querySelector('[data-testid="btn-deal"]').click();
      requestAnimationFrame(frame);
    });
  });
}
