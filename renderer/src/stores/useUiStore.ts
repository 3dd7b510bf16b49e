import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { IpcError } from '../../../electron/ipc/contract.ts';

export type MenuView = 'main' | 'paytable' | 'rules' | 'history';

/** Which panels are open, and the last refused request to show in the error banner. */
export const useUiStore = defineStore('ui', () => {
  const menuOpen = ref(false);
  const menuView = ref<MenuView>('main');
  const paytableOpen = ref(false);
  const cashoutConfirm = ref(false);
  const serviceOpen = ref(false);
  const attract = ref(false);
  const error = ref<{ id: number; error: IpcError } | null>(null);
  let errorSeq = 0;
  let errorTimer: ReturnType<typeof setTimeout> | undefined;

  const dialogOpen = computed(() => menuOpen.value || paytableOpen.value || cashoutConfirm.value);

  function showError(e: IpcError): void {
    error.value = { id: ++errorSeq, error: e };
    clearTimeout(errorTimer);
    errorTimer = setTimeout(() => (error.value = null), 5000);
  }
  function dismissError(): void {
    clearTimeout(errorTimer);
    error.value = null;
  }
  function openMenu(view: MenuView = 'main'): void {
    paytableOpen.value = false;
    menuOpen.value = true;
    menuView.value = view;
  }
  function closeMenu(): void {
    menuOpen.value = false;
    menuView.value = 'main';
  }
  /** Esc: open the menu, step back inside it, or close it. */
  function escape(): void {
    if (cashoutConfirm.value) cashoutConfirm.value = false;
    else if (paytableOpen.value) paytableOpen.value = false;
    else if (!menuOpen.value) openMenu();
    else if (menuView.value !== 'main') menuView.value = 'main';
    else closeMenu();
  }

  return {
    menuOpen,
    menuView,
    paytableOpen,
    cashoutConfirm,
    serviceOpen,
    attract,
    error,
    dialogOpen,
    showError,
    dismissError,
    openMenu,
    closeMenu,
    escape,
  };
});
