/**
 * Which voided round's notice the player has already dismissed, kept across a reload of the page, so a reload does
 * not show the same void notice again (docs/rules.md#faults-void-and-refund). Only the newest round id is kept.
 */
const VOID_SEEN_KEY = 'baccarat-kiosk.void-seen.v1';
export function voidSeen(roundId: number): boolean {
  try {
    return localStorage.getItem(VOID_SEEN_KEY) === String(roundId);
  } catch {
    return false;
  }
}
export function rememberVoidSeen(roundId: number): void {
  try {
    localStorage.setItem(VOID_SEEN_KEY, String(roundId));
  } catch {
    /* storage unavailable: the notice may show again after a reload */
  }
}
