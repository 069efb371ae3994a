/** The browser-storage flag that says the launch splash was seen (docs/product.md#announcements). */
export const UPDATE_SPLASH_FLAG = 'update-splash-seen-launch-2024';

/** Sets the flag; a storage that refuses is logged, never shown (docs/product.md#announcements). */
export function markUpdateSplashSeen(storage: Pick<Storage, 'setItem'> | null = safeLocalStorage()): void {
  try {
    storage?.setItem(UPDATE_SPLASH_FLAG, new Date().toISOString());
  } catch (error) {
    console.warn('could not record that the update splash was seen', error);
  }
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
