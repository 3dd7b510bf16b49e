// Runs in the kiosk page (e2e/pictures.spec.ts adds it as an init script); plain JS, so the spec needs no DOM
// types. `await window.layoutFindings()` measures the screen as it stands, by bounding boxes only, and returns
// `findings`, one line per breach of the layout rules, (docs/rules.md#a-layout-that-cannot-overflow):
//  - outside:  a control, a text or a framed group reaches past the viewport;
//  - clipped:  a text is cut by an overflow-hidden box (its own or an ancestor's), or sticks out of its control;
//  - overlap:  two controls (or two texts outside controls) share more than 1 px both ways;
//  - small:    a control's smaller side is under 48 px;
//  - cut:      a control is half scrolled out of its list;
//  - chip:     a chip at rest is partly hidden by its rail's scroll window or lies under an arrow;
// and `rail`, the chip rail's box, which the spec holds still from state to state.
// What a dialog covers is not measured: a control counts only where it is the topmost thing at one of its points.
(() => {
  const MIN_TARGET = 48;
  const SLACK = 1;
  const CONTROL =
    'button, input, select, textarea, a[href], [role="button"], [role="tab"], [role="slider"], [role="switch"]';
  const FRAME = '[role="group"], [role="dialog"], [role="alert"], [role="status"], [role="note"]';
  const OVERLAY = '[role="dialog"], [role="alertdialog"], [role="alert"]';

  const rectOf = (r) => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom });
  const intersect = (a, b) => ({
    left: Math.max(a.left, b.left),
    top: Math.max(a.top, b.top),
    right: Math.min(a.right, b.right),
    bottom: Math.min(a.bottom, b.bottom),
  });
  const width = (r) => r.right - r.left;
  const height = (r) => r.bottom - r.top;
  const empty = (r) => width(r) <= 0 || height(r) <= 0;
  const px = (n) => `${Math.round(n)} px`;

  /** The box inside an element's borders: what its overflow clips to. */
  const paddingBox = (el) => {
    const r = el.getBoundingClientRect();
    const left = r.left + el.clientLeft;
    const top = r.top + el.clientTop;
    return { left, top, right: left + el.clientWidth, bottom: top + el.clientHeight };
  };
  const overflows = (el) => {
    const s = getComputedStyle(el);
    return { x: s.overflowX, y: s.overflowY, ellipsis: s.textOverflow === 'ellipsis' };
  };
  const scrolls = (o) => ['auto', 'scroll'].includes(o.x) || ['auto', 'scroll'].includes(o.y);
  const hides = (o) => ['hidden', 'clip'].includes(o.x) || ['hidden', 'clip'].includes(o.y);

  /** How a person finds the element: its (or its nearest) test id, its tag and classes, and its text. */
  const name = (el) => {
    const own = el.getAttribute('data-testid');
    const near = own ? null : el.closest('[data-testid]')?.getAttribute('data-testid');
    const cls =
      typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    return `${own ?? (near ? `${near} > ` : '')}${own ? '' : el.tagName.toLowerCase() + cls}${text ? ` "${text}"` : ''}`;
  };

  /** The part of the element its scrolling ancestors show (a list scrolled away is not on the screen). */
  const scrollWindow = (el) => {
    let r = rectOf(el.getBoundingClientRect());
    for (let a = el.parentElement; a; a = a.parentElement) if (scrolls(overflows(a))) r = intersect(r, paddingBox(a));
    return r;
  };

  /** True where the element (or a child) is what a finger would touch at one of five points of its shown part. */
  const onTop = (el, shown) => {
    const points = [
      [0.5, 0.5],
      [0.2, 0.2],
      [0.8, 0.2],
      [0.2, 0.8],
      [0.8, 0.8],
    ];
    return points.some(([fx, fy]) => {
      const hit = document.elementFromPoint(shown.left + fx * width(shown), shown.top + fy * height(shown));
      return hit !== null && (el === hit || el.contains(hit) || hit.contains(el));
    });
  };

  const ownText = (el) =>
    Array.from(el.childNodes).some((n) => n.nodeType === 3 && (n.textContent ?? '').trim() !== '');
  /** The tight box of an element's own text (a block's box is as wide as its line, the words are not). */
  const textBox = (el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return rectOf(range.getBoundingClientRect());
  };
  const shownAtAll = (el) =>
    el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && !empty(el.getBoundingClientRect());

  /** Waits until nothing moves: no finite animation running and every scroller still for 200 ms of frames. */
  const settle = async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
    const deadline = performance.now() + 5000;
    const scrolling = Array.from(document.querySelectorAll('*')).filter((el) => scrolls(overflows(el)));
    const scrollers = () => scrolling.map((el) => `${el.scrollLeft},${el.scrollTop}`).join(';');
    let last = '';
    let stillSince = performance.now();
    let stillFrames = 0;
    while (performance.now() < deadline && !(stillFrames >= 3 && performance.now() - stillSince >= 200)) {
      const moving = document
        .getAnimations()
        .some((a) => a.playState === 'running' && Number.isFinite(a.effect?.getComputedTiming().endTime));
      const now = scrollers();
      if (moving || now !== last) {
        stillSince = performance.now();
        stillFrames = 0;
      } else stillFrames += 1;
      last = now;
      await frame();
    }
  };

  window.layoutFindings = async () => {
    await settle();
    const viewport = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
    const findings = [];
    const all = Array.from(document.body.querySelectorAll('*')).filter(shownAtAll);

    const controls = all
      .filter((el) => el.matches(CONTROL))
      .map((el) => ({ el, shown: scrollWindow(el) }))
      .filter(({ el, shown }) => !empty(shown) && onTop(el, shown));
    const texts = all
      .filter((el) => ownText(el) && !['SCRIPT', 'STYLE', 'TITLE'].includes(el.tagName))
      .map((el) => ({ el, box: textBox(el) }))
      .map(({ el, box }) => ({ el, box, shown: intersect(box, scrollWindow(el)) }))
      .filter(({ el, shown }) => !empty(shown) && onTop(el.closest(CONTROL) ?? el, shown));
    const frames = all
      .filter((el) => el.matches(FRAME))
      .map((el) => ({ el, shown: scrollWindow(el) }))
      .filter(({ el, shown }) => !empty(shown) && onTop(el, shown));

    // Outside the viewport, or cut off by an overflow-hidden ancestor (the stage clips what runs off the screen).
    for (const { el, shown } of [...controls, ...texts, ...frames]) {
      const past = Math.max(
        viewport.left - shown.left,
        viewport.top - shown.top,
        shown.right - viewport.right,
        shown.bottom - viewport.bottom,
      );
      if (past > SLACK) findings.push(`outside: ${name(el)} reaches ${px(past)} past the screen's edge`);
    }
    for (const { el, shown } of [...controls, ...texts]) {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const o = overflows(a);
        if (!hides(o) || scrolls(o)) continue;
        const box = paddingBox(a);
        const cut = Math.max(
          box.left - shown.left,
          box.top - shown.top,
          shown.right - box.right,
          shown.bottom - box.bottom,
        );
        if (cut > SLACK) {
          findings.push(`clipped: ${name(el)} is cut ${px(cut)} by ${name(a)}`);
          break;
        }
      }
    }

    // A text cut inside its own box (ellipsis or overflow hidden), or a word wider than the control it labels.
    for (const el of all) {
      const o = overflows(el);
      if (!(hides(o) || o.ellipsis) || scrolls(o) || !(ownText(el) || el.matches(CONTROL))) continue;
      const dx = el.scrollWidth - el.clientWidth;
      const dy = el.scrollHeight - el.clientHeight;
      if (dx > SLACK || dy > SLACK)
        findings.push(`clipped: ${name(el)} holds ${px(Math.max(dx, dy))} more than it shows`);
    }
    for (const { el, box } of texts) {
      const control = el.closest(CONTROL);
      if (!control) continue;
      const c = control.getBoundingClientRect();
      const out = Math.max(c.left - box.left, c.top - box.top, box.right - c.right, box.bottom - c.bottom);
      if (out > SLACK) findings.push(`clipped: ${name(el)} sticks out ${px(out)} of ${name(control)}`);
    }

    // Two controls, or two texts outside controls, on the same pixels. A dialog or a banner floats over the table
    // on purpose: what lies in it is compared with what lies in it, not with the table under it.
    const layer = (el) => el.closest(OVERLAY);
    const loose = texts.filter(({ el }) => !el.closest(CONTROL));
    const items = [...controls.map(({ el, shown }) => ({ el, shown })), ...loose];
    for (let i = 0; i < items.length; i++) {
      for (let j = i + 1; j < items.length; j++) {
        const a = items[i];
        const b = items[j];
        if (a.el.contains(b.el) || b.el.contains(a.el) || layer(a.el) !== layer(b.el)) continue;
        const both = intersect(a.shown, b.shown);
        if (width(both) > SLACK && height(both) > SLACK)
          findings.push(`overlap: ${name(a.el)} and ${name(b.el)} share ${px(width(both))} × ${px(height(both))}`);
      }
    }

    // A control half scrolled out of its list: a finger cannot tell it is there (the list must fit, or show it all).
    for (const { el, shown } of controls) {
      const r = el.getBoundingClientRect();
      if (/^chip-\d+$/.test(el.getAttribute('data-testid') ?? '')) continue; // the chip rule below
      if (width(shown) < r.width - SLACK || height(shown) < r.height - SLACK)
        findings.push(
          `cut: ${name(el)} shows ${px(width(shown))} × ${px(height(shown))} of ${px(r.width)} × ${px(r.height)}`,
        );
    }

    for (const { el } of controls) {
      const r = el.getBoundingClientRect();
      const side = Math.min(r.width, r.height);
      if (side < MIN_TARGET - 0.5) findings.push(`small: ${name(el)} is ${px(r.width)} × ${px(r.height)}`);
    }

    // Chips at rest: each wholly in its rail's scroll window and clear of the arrows, or wholly out of it.
    const arrows = Array.from(document.querySelectorAll('[data-testid="chip-prev"], [data-testid="chip-next"]'))
      .filter(shownAtAll)
      .map((a) => ({ a, r: rectOf(a.getBoundingClientRect()) }));
    for (const chip of document.querySelectorAll('[data-testid^="chip-"]')) {
      if (!/^chip-\d+$/.test(chip.getAttribute('data-testid')) || !shownAtAll(chip)) continue;
      const r = rectOf(chip.getBoundingClientRect());
      const inside = scrollWindow(chip);
      if (empty(inside)) continue;
      if (width(inside) < width(r) - SLACK)
        findings.push(`chip: ${name(chip)} shows ${px(width(inside))} of its ${px(width(r))} in the rail`);
      for (const { a, r: ar } of arrows) {
        const under = intersect(inside, ar);
        if (width(under) > SLACK && height(under) > SLACK)
          findings.push(`chip: ${name(chip)} lies ${px(width(under))} under ${name(a)}`);
      }
    }
    const rail = document.querySelector('[data-testid="chip-prev"]')?.parentElement;
    return { findings: [...new Set(findings)], rail: rail ? rectOf(rail.getBoundingClientRect()) : null };
  };
})();
