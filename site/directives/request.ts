import type { ClientDirective } from 'astro';

/**
 * `client:request="data-…"` hydrates a host island with nothing to show until asked (the dialog
 * host, the toast host, the announcement check) when <html> carries the named attribute: at once if
 * it already does, else as soon as it is set. Whatever asks sets it and leaves its request there
 * for the host to read as it starts: `openDialog` and the early-input script for a dialog
 * (islands/shell/events.ts), `toast` and the shell script for a toast (stores/toasts.ts,
 * ui/shell-boot.ts), the announcement check's plain script for a due announcement. So the host's
 * code, and React with it, loads only on the page that needs it, when it does.
 */
const request: ClientDirective = (load, options) => {
  const name = String(options.value);
  const root = document.documentElement;
  let started = false;
  const hydrate = async () => {
    if (started) return;
    started = true;
    observer.disconnect();
    const run = await load();
    await run();
  };
  const observer = new MutationObserver(() => {
    if (root.hasAttribute(name)) void hydrate();
  });
  if (root.hasAttribute(name)) void hydrate();
  else observer.observe(root, { attributes: true, attributeFilter: [name] });
};

export default request;
