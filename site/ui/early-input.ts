import {
  DIALOG_HOST_ATTRIBUTE,
  DIALOG_WAITING_ATTRIBUTE,
  OPEN_DIALOG_ATTRIBUTE,
  OPEN_DIALOG_EVENT,
} from '../islands/shell/events.ts';

/**
 * Runs inline in <head>, before any island's code: keeps the first activation of a control inside
 * an island that has not hydrated yet, and carries it out once that island has.
 *
 * Astro marks an island that still waits for its code with the `ssr` attribute, then removes it and
 * fires `astro:hydrate` on the `astro-island` element once React has taken the markup over. Until
 * then the server-rendered button is inert: a click on it (or the click the browser makes for
 * Enter or Space on a button) does nothing, and a visitor on a slow phone loses it. This listener
 * (capture phase, on the document, so it sees the event before anything else) remembers the first
 * such activation per island and, after `astro:hydrate`, clicks the same control again, or for a
 * key press on a non-button widget (a `role="button"` element) presses the same key on it.
 *
 * It never fires twice: it only looks at islands still marked `ssr` (React has no listener on them
 * yet, so the original event reached no handler), keeps one activation per island, and its replay
 * lands on a hydrated island, which it ignores. It leaves alone what works without script: links,
 * and submit buttons of a form (the browser submits the form itself).
 *
 * A static button that opens a dialog (`data-open-dialog`) is handled by the dialog host, itself an
 * island: pressed before the host listens, its dialog waits on <html> and the host opens it. The
 * same for the page event (`marketplace:open-dialog` on window) sent before the host listens: the
 * waiting request is also what loads the host (`client:request`, directives/request.ts).
 *
 * One mechanism for every island, whatever hydrates it (`client:load`, `client:idle`,
 * `client:visible`, `client:interaction`): the directives only decide when the code loads.
 */
export const EARLY_INPUT_SCRIPT = `(function () {
  var root = document.documentElement;
  var CONTROL = 'button,[role="button"],[role="tab"],[role="switch"],[role="checkbox"],[role="menuitem"],[role="option"]';
  var NATIVE_CLICK = 'button,input,select,textarea,summary';
  var pending = typeof WeakSet === 'function' ? new WeakSet() : null;
  if (!pending || !Element.prototype.closest) return;

  // Where the control sits in its island: if hydration replaced the node, the same place is found again.
  function pathOf(island, node) {
    var path = [];
    while (node && node !== island) {
      path.unshift(Array.prototype.indexOf.call(node.parentNode.children, node));
      node = node.parentElement;
    }
    return path;
  }
  function nodeAt(island, path) {
    var node = island;
    for (var i = 0; node && i < path.length; i++) node = node.children[path[i]];
    return node;
  }

  function keep(event, replay) {
    var target = event.target;
    if (!(target instanceof Element)) return false;
    var island = target.closest('astro-island[ssr]');
    if (!island || pending.has(island)) return false;
    var control = target.closest(CONTROL);
    if (!control || !island.contains(control) || control.matches(':disabled')) return false;
    if (target.closest('a[href]')) return false;
    if (control.form && (control.type === 'submit' || control.type === 'reset')) return false;
    pending.add(island);
    var path = pathOf(island, control);
    island.addEventListener('astro:hydrate', function () {
      // A task later, so the island's first render has settled.
      setTimeout(function () {
        pending.delete(island);
        var node = control.isConnected && island.contains(control) ? control : nodeAt(island, path);
        if (node) replay(node);
      }, 0);
    }, { once: true });
    return true;
  }

  document.addEventListener('click', function (event) {
    if (!event.isTrusted) return;
    if (keep(event, function (node) { node.click(); })) return;
    // Static HTML that opens a dialog (data-open-dialog) before the dialog host listens: the
    // request waits on <html> for the host (see openDialog in islands/shell/events.ts).
    var opener = event.target instanceof Element && event.target.closest('[${OPEN_DIALOG_ATTRIBUTE}]');
    if (opener && !opener.closest('astro-island') && !root.hasAttribute('${DIALOG_HOST_ATTRIBUTE}')) {
      root.setAttribute('${DIALOG_WAITING_ATTRIBUTE}', opener.getAttribute('${OPEN_DIALOG_ATTRIBUTE}'));
    }
  }, true);

  window.addEventListener('${OPEN_DIALOG_EVENT}', function (event) {
    var name = event.detail && event.detail.dialog;
    if (typeof name === 'string' && !root.hasAttribute('${DIALOG_HOST_ATTRIBUTE}')) {
      root.setAttribute('${DIALOG_WAITING_ATTRIBUTE}', name);
    }
  });

  // Enter and Space on a real button already make a click (above); on an ARIA widget they do not.
  document.addEventListener('keydown', function (event) {
    if (!event.isTrusted || (event.key !== 'Enter' && event.key !== ' ')) return;
    var target = event.target;
    if (!(target instanceof Element) || target.matches(NATIVE_CLICK) || target.closest('a[href]')) return;
    var key = event.key, code = event.code;
    var kept = keep(event, function (node) {
      node.dispatchEvent(new KeyboardEvent('keydown', { key: key, code: code, bubbles: true, cancelable: true }));
      node.dispatchEvent(new KeyboardEvent('keyup', { key: key, code: code, bubbles: true, cancelable: true }));
    });
    // Space would scroll the page; the widget's own code stops that once it runs.
    if (kept && key === ' ') event.preventDefault();
  }, true);
})();`;
