/**
 * Keyboard map (docs/rules.md#keyboard): Tab moves between controls and Enter presses (both native), number
 * keys 1..9 choose a chip, Space is REBET, Esc opens the settings menu, Delete/Backspace on a focused spot
 * removes a chip (the keyboard's right click). Shift+I toggles the service panel.
 * Whether a rebet may be asked for is the cabinet store's `canRebet`, read by the rebet action itself.
 */
import { onBeforeUnmount, onMounted } from 'vue';
export type KeyAction =
  | { readonly kind: 'chip'; readonly index: number }
  | { readonly kind: 'rebet' }
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
 * What a key does. Space is REBET on the table only: while a dialog covers the table Space does nothing at
 * all (it presses neither REBET nor the dialog's focused button).
 */
export function keyAction(e: KeyLike, context: { readonly dialogOpen?: boolean } = {}): KeyAction {
  if (e.ctrlKey || e.altKey || e.metaKey) return { kind: 'none' };
  if (e.key === 'Escape') return { kind: 'menu' };
  if (e.key === ' ' || e.key === 'Spacebar') return context.dialogOpen ? { kind: 'swallow' } : { kind: 'rebet' };
  if (e.shiftKey && (e.key === 'I' || e.key === 'i')) return { kind: 'service' };
  if (/^[1-9]$/.test(e.key)) return { kind: 'chip', index: Number(e.key) - 1 };
  return { kind: 'none' };
}

/** Installs the table's key map on the window for the life of the calling component. */
export function useKeyboard(handlers: {
  chip: (index: number) => void;
  rebet: () => void;
  menu: () => void;
  service: () => void;
  /** A modal dialog is open over the table. */
  dialogOpen: () => boolean;
}): void {
  const onKey = (e: KeyboardEvent): void => {
    const a = keyAction(e, { dialogOpen: handlers.dialogOpen() });
    const target = e.target as HTMLElement | null;
    const typing = target?.tagName === 'INPUT' || target?.tagName === 'TEXTAREA';
    if (typing && a.kind !== 'menu') return;
    switch (a.kind) {
      case 'chip':
        handlers.chip(a.index);
        break;
      case 'rebet':
        e.preventDefault(); // Space is REBET, not "press the focused button"
        handlers.rebet();
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
  // A focused button would also "click" on the Space keyup; Space means REBET only.
  const onKeyUp = (e: KeyboardEvent): void => {
    if (keyAction(e).kind === 'rebet') e.preventDefault();
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
