// Runs in the kiosk page before the page's own scripts (e2e/cards.spec.ts adds it as an init script);
// plain JS, so the spec needs no DOM types. It records how the dealt cards change state:
// `arrivals` lists each card (side + slot, "player0") when it reaches `placed` after being `moving`,
// `movingSeen` every card ever seen `moving`, `animated` the CSS properties their animations change.
(() => {
  const probe = { arrivals: [], movingSeen: [], animated: [], freezeOn: null, frozen: false };
  const TIMING_KEYS = ['offset', 'computedOffset', 'easing', 'composite'];
  /** The CSS properties a card's animations change (to check the deal stays on transform and opacity). */
  const noteAnimated = (el) =>
    el.getAnimations({ subtree: true }).forEach((a) =>
      a.effect.getKeyframes().forEach((frame) =>
        Object.keys(frame).forEach((prop) => {
          if (!TIMING_KEYS.includes(prop) && !probe.animated.includes(prop)) probe.animated.push(prop);
        }),
      ),
    );
  /** The CSS properties every animation now running on the page changes (the result's glow and pop among them). */
  probe.pageAnimated = () => {
    const props = new Set();
    document.getAnimations().forEach((a) =>
      a.effect.getKeyframes().forEach((frame) =>
        Object.keys(frame).forEach((prop) => {
          if (!TIMING_KEYS.includes(prop)) props.add(prop);
        }),
      ),
    );
    return [...props].sort();
  };
  window.cardsProbe = probe;
  const keyOf = (el) => `${el.getAttribute('data-side')}${el.getAttribute('data-slot')}`;
  const becameMoving = (el) => {
    const key = keyOf(el);
    if (probe.movingSeen.includes(key)) return;
    probe.movingSeen.push(key);
    noteAnimated(el);
    if (probe.freezeOn && probe.freezeOn.key === key) {
      const fraction = probe.freezeOn.fraction;
      probe.freezeOn = null;
      requestAnimationFrame(() => {
        probe.freeze(fraction);
        probe.frozen = true;
      });
    }
  };
  const becamePlaced = (el) => {
    const key = keyOf(el);
    if (probe.movingSeen.includes(key) && !probe.arrivals.includes(key)) probe.arrivals.push(key);
  };
  const isCard = (node) => node.nodeType === 1 && node.getAttribute('data-testid') === 'dealt-card';
  const inserted = (el) => {
    if (el.getAttribute('data-deal-state') === 'moving') becameMoving(el);
  };
  // Each change in the order it happened (the state has two values, so the old one says which way it
  // went), never by scanning the document, where every Player card comes before every Banker card.
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'attributes' && isCard(r.target)) {
        if (r.oldValue === 'moving') becamePlaced(r.target);
        else becameMoving(r.target);
      }
      r.addedNodes.forEach((n) => {
        if (isCard(n)) inserted(n);
        else if (n.nodeType === 1) n.querySelectorAll('[data-testid="dealt-card"]').forEach(inserted);
      });
    }
  }).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeOldValue: true,
    attributeFilter: ['data-deal-state'],
  });
  /** Animations running on dealt cards now. */
  probe.cardAnimations = () =>
    document
      .getAnimations()
      .filter((a) => a.effect && a.effect.target && a.effect.target.closest('[data-testid="dealt-card"]')).length;
  /** Freezes every running animation at `fraction` of its run (for a mid-deal screenshot). */
  probe.freeze = (fraction) =>
    document.getAnimations().forEach((a) => {
      a.pause();
      const end = a.effect ? a.effect.getComputedTiming().endTime : null;
      if (typeof end === 'number') a.currentTime = end * fraction;
    });
  /** Freezes the animations the moment the card `key` starts moving (for a mid-deal screenshot). */
  probe.freezeWhenMoving = (key, fraction) => {
    probe.freezeOn = { key, fraction };
  };
  probe.thaw = () => {
    probe.frozen = false;
    document.getAnimations().forEach((a) => a.play());
  };
})();
