/**
 * Keyboard map (docs/rules.md#keyboard): Tab moves between controls and Enter presses (both native), number
 * keys 1..9 choose a chip, Space is DEAL (and so is Enter when no control has the focus), Esc opens the
 * settings menu (never under a lock screen: a tilt, the handpay lock or the void notice), Delete/Backspace on a focused spot removes a chip (the keyboard's right click). Shift+I
 * toggles the service panel. What DEAL does is the cabinet store's `dealAction`: the chips on the table as
 * they lie, or on an empty table after a round the last bets; never another layout over the player's chips.
 */
import { onBeforeUnmount, onMounted } from 'vue';
export type KeyAction =
  | { readonly kind: 'chip'; readonly index: number }
  | { readonly kind: 'deal' }
  | { readonly kind: 'menu' }
  | { readonly kind: 'service' }
  /** The key is taken from the page and does nothing (Space while a dialog is open). */
  | { readonly kind: 'swallow' }
  | { readonly kind: 'none' };

export interface KeyLike {
  readonly key: string;
  readonly shiftKey?: boolean;
  readonly ctrlKey?: boolean;
  readonly altKey?: boolean;
  readonly metaKey?: boolean;
}

/**
 * What a key does. Space is DEAL on the table only: while a dialog covers the table Space does nothing at
 * all (it presses neither DEAL nor the dialog's focused button). Enter presses the focused control; with
 * none focused it is DEAL.
 */
export function keyAction(
  e: KeyLike,
  context: { readonly dialogOpen?: boolean; readonly controlFocused?: boolean; readonly locked?: boolean } = {},
): KeyAction {
  if (e.ctrlKey || e.altKey || e.metaKey) return { kind: 'none' };
  // A lock screen is the only dialog: Esc, Space and Enter-as-DEAL reach nothing under it.
  if (context.locked && (e.key === 'Escape' || e.key === ' ' || e.key === 'Spacebar')) return { kind: 'swallow' };
  if (e.key === 'Escape') return { kind: 'menu' };
  if (e.key === ' ' || e.key === 'Spacebar') return context.dialogOpen ? { kind: 'swallow' } : { kind: 'deal' };
  if (e.key === 'Enter' && !context.dialogOpen && context.controlFocused === false) return { kind: 'deal' };
  if (e.shiftKey && (e.key === 'I' || e.key === 'i')) return { kind: 'service' };
  if (/^[1-9]$/.test(e.key)) return { kind: 'chip', index: Number(e.key) - 1 };
  return { kind: 'none' };
}

/** Installs the table's key map on the window for the life of the calling component. */
export function useKeyboard(handlers: {
  chip: (index: number) => void;
  deal: () => void;
  menu: () => void;
  service: () => void;
  /** A modal dialog is open over the table. */
  dialogOpen: () => boolean;
  /** A lock screen is up (tilt, handpay lock, void notice). */
  locked: () => boolean;
}): void {
  const onKey = (e: KeyboardEvent): void => {
    const target = e.target as HTMLElement | null;
    const controlFocused = !!target?.closest?.('button, a, input, select, textarea, [tabindex]');
    const locked = handlers.locked();
    const a = keyAction(e, { dialogOpen: handlers.dialogOpen() || locked, controlFocused, locked });
    const typing = target?.tagName === 'INPUT' || target?.tagName === 'TEXTAREA';
    if (typing && a.kind !== 'menu') return;
    switch (a.kind) {
      case 'chip':
        handlers.chip(a.index);
        break;
      case 'deal':
        e.preventDefault(); // Space is DEAL, not "press the focused button"
        handlers.deal();
        break;
      case 'menu':
        e.preventDefault();
        handlers.menu();
        break;
      case 'service':
        handlers.service();
        break;
      case 'swallow':
        e.preventDefault();
        break;
      default:
        return;
    }
  };
  // A focused button would also "click" on the Space keyup; Space means DEAL only.
  const onKeyUp = (e: KeyboardEvent): void => {
    if (e.key === ' ' || e.key === 'Spacebar') e.preventDefault();
  };
  onMounted(() => {
    window.addEventListener('keydown', onKey);
    window.addEventListener('keyup', onKeyUp);
  });
  onBeforeUnmount(() => {
    window.removeEventListener('keydown', onKey);
    window.removeEventListener('keyup', onKeyUp);
  });
}
