// Runs in the kiosk page before the page's own scripts (e2e/attract.spec.ts adds it as an init script); plain
// JS, so the spec needs no DOM types. `window.attractProbe.spoilers` collects every moment the attract loop
// showed more than its cards allow (a total that is not the face-up cards' total, a result before every card
// is face up, a road bead for a round whose result has not shown); `layout(margin)` lists every attract text or
// block that leaves the screen's margin, is clipped, overlaps another block, or has uncentred lines.
(() => {
  const VALUES = { A: 1, J: 0, Q: 0, K: 0, 10: 0 };
  const value = (rank) => VALUES[rank] ?? Number(rank);
  const probe = { spoilers: [], checks: 0 };
  window.attractProbe = probe;

  const check = () => {
    const attract = document.querySelector('[data-testid="attract"]');
    const demo = attract?.querySelector('[data-testid="attract-hand"]');
    if (!attract || !demo) return;
    probe.checks++;
    const round = Number(attract.getAttribute('data-round'));
    const cards = [...demo.querySelectorAll('[data-testid="attract-card"]')];
    const dealt = (demo.getAttribute('data-demo-cards') ?? '').split(' ').filter(Boolean).length;
    for (const side of ['player', 'banker']) {
      const total = demo.querySelector(`[data-testid="attract-total-${side}"]`);
      if (total?.getAttribute('data-shown') !== 'true') continue;
      const up = cards.filter((c) => c.getAttribute('data-side') === side && c.getAttribute('data-face-up') === 'true');
      const sum = up.reduce((s, c) => s + value(c.querySelector('[data-rank]')?.getAttribute('data-rank')), 0) % 10;
      if (up.length < 2 || String(sum) !== total.textContent.trim())
        probe.spoilers.push(
          `round ${round}: ${side} total ${total.textContent.trim()} over ${up.length} face-up cards`,
        );
    }
    const result = demo.querySelector('[data-testid="attract-result"]');
    const resultShown = result?.getAttribute('data-shown') === 'true';
    const allUp = cards.length === dealt && cards.every((c) => c.getAttribute('data-face-up') === 'true');
    if (resultShown && !allUp) probe.spoilers.push(`round ${round}: result with ${cards.length}/${dealt} cards`);
    const beads = attract.querySelectorAll('[data-testid="bead"]').length;
    const finished = round + (resultShown ? 1 : 0);
    // The board starts afresh after 36 rounds; before that it holds exactly the finished rounds.
    if (finished <= 36 && beads !== finished)
      probe.spoilers.push(`round ${round}: ${beads} beads for ${finished} finished rounds`);
  };
  new MutationObserver(check).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  });

  /** The line boxes of an element's text: [left, right] per line. */
  const lines = (el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const byTop = new Map();
    for (const r of range.getClientRects()) {
      if (r.width === 0) continue;
      const top = Math.round(r.top);
      const line = byTop.get(top) ?? [r.left, r.right];
      byTop.set(top, [Math.min(line[0], r.left), Math.max(line[1], r.right)]);
    }
    return [...byTop.values()];
  };

  /** How a text is set: its font size in px and how many lines it takes. */
  probe.setting = (testId) => {
    const el = document.querySelector(`[data-testid="${testId}"]`);
    return { px: parseFloat(getComputedStyle(el).fontSize), lines: lines(el).length };
  };

  probe.layout = (margin) => {
    const problems = [];
    const width = window.innerWidth;
    const height = window.innerHeight;
    const attract = document.querySelector('[data-testid="attract"]');
    if (!attract) return ['no attract screen'];
    const name = (el) => el.getAttribute('data-testid') ?? el.className;
    const texts = attract.querySelectorAll(
      '[data-testid="attract-title"], [data-testid="attract-tagline"], [data-testid="attract-touch"], ' +
        '[data-testid="attract-name"], [data-testid="attract-example"], [data-testid="attract-result"][data-shown="true"], .pay-row span, .pays h3',
    );
    const blocks = [
      ...attract.querySelectorAll(
        '.logo, [data-testid="attract-hand-player"], [data-testid="attract-hand-banker"], [data-testid="attract-result"], ' +
          '[data-testid="attract-payouts"], [data-testid="attract-roads"], [data-testid="attract-touch"]',
      ),
    ];
    for (const el of [...texts, ...blocks]) {
      const r = el.getBoundingClientRect();
      if (r.left < margin || r.right > width - margin || r.top < margin || r.bottom > height - margin)
        problems.push(
          `${name(el)} leaves the margin: ${Math.round(r.left)}..${Math.round(r.right)} × ${Math.round(r.top)}..${Math.round(r.bottom)}`,
        );
      if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
        problems.push(
          `${name(el)} is clipped: ${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight}`,
        );
    }
    for (const el of texts) {
      // A text may run into its box's padding without making the box scroll: compare the text with the content box.
      const css = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      const left = box.left + parseFloat(css.borderLeftWidth) + parseFloat(css.paddingLeft);
      const right = box.right - parseFloat(css.borderRightWidth) - parseFloat(css.paddingRight);
      const range = document.createRange();
      range.selectNodeContents(el);
      const text = range.getBoundingClientRect();
      if (text.width > 0 && (text.left < left - 1 || text.right > right + 1))
        problems.push(
          `${name(el)} runs out of its box: text ${Math.round(text.left)}..${Math.round(text.right)} in ${Math.round(left)}..${Math.round(right)}`,
        );
    }
    for (const el of texts) {
      const r = el.getBoundingClientRect();
      const centre = (r.left + r.right) / 2;
      const own = lines(el);
      if (own.length > 1 && own.some(([l, rr]) => Math.abs((l + rr) / 2 - centre) > 4))
        problems.push(`${name(el)} has ${own.length} lines, not centred`);
    }
    const boxes = blocks.map((el) => [name(el), el.getBoundingClientRect()]);
    boxes.forEach(([a, ra], i) =>
      boxes.slice(i + 1).forEach(([b, rb]) => {
        const apart = ra.right <= rb.left || rb.right <= ra.left || ra.bottom <= rb.top || rb.bottom <= ra.top;
        if (!apart && !(ra.width === 0 || rb.width === 0)) problems.push(`${a} overlaps ${b}`);
      }),
    );
    // A card never lies over its hand's name and total.
    for (const hand of attract.querySelectorAll('[data-testid^="attract-hand-"]')) {
      const label = hand.querySelector('[data-testid="attract-label"]').getBoundingClientRect();
      for (const card of hand.querySelectorAll('[data-testid="attract-card"]'))
        if (card.getBoundingClientRect().top < label.bottom) problems.push(`${name(hand)}: a card over the label`);
    }
    return problems;
  };
})();
