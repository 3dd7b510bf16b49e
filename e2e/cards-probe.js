// Runs in the kiosk page before the page's own scripts (e2e/cards.spec.ts adds it as an init script);
// plain JS, so the spec needs no DOM types. It records how the dealt cards change state:
// `arrivals` lists each card (side + slot, "player0") when it reaches `placed` after being `moving`,
// `movingSeen` every card ever seen `moving`.
(() => {
  const probe = { arrivals: [], movingSeen: [] };
  window.cardsProbe = probe;
  const keyOf = (el) => `${el.getAttribute('data-side')}${el.getAttribute('data-slot')}`;
  const note = (el) => {
    const key = keyOf(el);
    const state = el.getAttribute('data-deal-state');
    if (state === 'moving' && !probe.movingSeen.includes(key)) probe.movingSeen.push(key);
    if (state === 'placed' && probe.movingSeen.includes(key) && !probe.arrivals.includes(key)) probe.arrivals.push(key);
  };
  const scan = () => document.querySelectorAll('[data-testid="dealt-card"]').forEach(note);
  new MutationObserver(scan).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
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
  probe.thaw = () => document.getAnimations().forEach((a) => a.play());
})();
