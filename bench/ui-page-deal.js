// Runs inside the kiosk page (plain JS, evaluated by bench/ui.bench.ts through the DevTools
// protocol, so the page's CSP does not apply and the file needs no DOM types in tsconfig.node).
// Presses DEAL and resolves with {revealMs, firstCardMs, frameDeltas}: the time from the press to the
// reveal starting on the felt (main's answer, its durable commits and the table's re-render; -1 when
// the build does not mark it), to the frame that paints the first card, and every requestAnimationFrame
// delta from the press until AFTER_RESULT frames after the result shows (so the result's own layout counts).
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- called by name from ui.bench.ts
function benchDealOnce() {
  const AFTER_RESULT = 6;
  return new Promise((resolve, reject) => {
    const deltas = [];
    let last = performance.now();
    let revealMs = -1;
    let firstCardMs = -1;
    let pressed = 0;
    let afterResult = -1;
    // Set by the observer: a querySelector in every frame would cost the throttled page time the deal needs.
    let resultShown = false;
    let done = false;
    const timeout = setTimeout(() => finish(new Error('no result within 30 s')), 30_000);
    const finish = (error) => {
      if (done) return;
      done = true;
      clearTimeout(timeout);
      observer.disconnect();
      if (error) reject(error);
      else resolve({ revealMs, firstCardMs, frameDeltas: deltas });
    };
    const has = (node, testid) =>
      node instanceof Element &&
      (node.getAttribute('data-testid') === testid || node.querySelector(`[data-testid="${testid}"]`) !== null);
    const observer = new MutationObserver((records) => {
      if (pressed === 0) return;
      const added = records.flatMap((r) => Array.from(r.addedNodes));
      if (revealMs < 0 && added.some((n) => has(n, 'table-dealing'))) revealMs = performance.now() - pressed;
      if (firstCardMs >= 0 && added.some((n) => has(n, 'result-banner'))) resultShown = true;
      if (firstCardMs < 0 && added.some((n) => has(n, 'card'))) {
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
      if (afterResult < 0 && resultShown) afterResult = 0;
      if (afterResult >= 0 && afterResult++ >= AFTER_RESULT) {
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
