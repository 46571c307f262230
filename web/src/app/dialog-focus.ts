import { useEffect } from 'react';

const MODAL = '[role="dialog"][aria-modal="true"]';
const FIELD = [
  'input:not([type="hidden"]):not(:disabled):not([readonly])',
  'select:not(:disabled)',
  'textarea:not(:disabled):not([readonly])',
].join(', ');
/** How long a dialog that loads its form may take to show its first field. */
const FIELD_WAIT_MS = 5000;

const isShown = (element: HTMLElement) => element.getClientRects().length > 0;

/**
 * What focus goes back to: the element itself, or for a menu's item (Edit user in a row's actions)
 * the menu's button, as the menu is gone by the time the item's dialog closes.
 */
function openerOf(element: HTMLElement): HTMLElement {
  const menu = element.closest<HTMLElement>('[role="menu"]');
  const button = menu?.id
    ? document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(menu.id)}"]`)
    : null;
  return button ?? element;
}

/**
 * Every modal dialog takes focus on its first field and gives focus back to what opened it.
 *
 * Mantine's Modal focuses its first tabbable element as it mounts: the close button, and before a
 * form that loads its data has any field. It gives focus back only when `opened` turns false, not
 * when a dialog rendered conditionally is unmounted (the pattern of most screens here). One watcher
 * of the document covers every dialog: it marks the first field `data-autofocus` (which Mantine's
 * focus trap then honours) as soon as it appears, unless the user has moved in the dialog already,
 * and focuses the element that had focus before the dialog once the last dialog is gone and focus
 * was left nowhere.
 */
export function useDialogFocus(): void {
  useEffect(() => {
    let opener: HTMLElement | null = null;
    const seen = new WeakSet<Element>();
    const waiting = new Map<Element, number>();

    const rememberOpener = (event: FocusEvent) => {
      if (event.target instanceof HTMLElement && !document.querySelector(MODAL))
        opener = openerOf(event.target);
    };
    // The user chose where to be in the dialog: leave focus where they put it.
    const stopWaiting = (event: Event) => {
      const modal = event.target instanceof Element ? event.target.closest(MODAL) : null;
      if (modal) waiting.delete(modal);
    };

    const update = () => {
      const modals = document.querySelectorAll(MODAL);
      for (const modal of modals) {
        if (seen.has(modal)) continue;
        seen.add(modal);
        waiting.set(modal, Date.now());
      }
      for (const [modal, since] of waiting) {
        if (!modal.isConnected || Date.now() - since > FIELD_WAIT_MS) {
          waiting.delete(modal);
          continue;
        }
        const field = [...modal.querySelectorAll<HTMLElement>(FIELD)].find(isShown);
        if (!field) continue;
        waiting.delete(modal);
        field.setAttribute('data-autofocus', '');
        field.focus();
      }
      const focusLost = !document.activeElement || document.activeElement === document.body;
      if (modals.length === 0 && focusLost && opener?.isConnected) opener.focus();
    };

    const observer = new MutationObserver(update);
    observer.observe(document.body, { childList: true, subtree: true });
    document.addEventListener('focusin', rememberOpener);
    document.addEventListener('keydown', stopWaiting, true);
    document.addEventListener('pointerdown', stopWaiting, true);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', rememberOpener);
      document.removeEventListener('keydown', stopWaiting, true);
      document.removeEventListener('pointerdown', stopWaiting, true);
    };
  }, []);
}
