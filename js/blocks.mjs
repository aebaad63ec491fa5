// What the scripts of the site's blocks share (the scorer, scorer.mjs; the game, play.mjs): the
// project's JavaScript implementation and the rulesets' data, loaded once per page; each block of a
// page started once they are; a catalog text filled in; an element with its text.
//
// On the site the implementation (dicespec-games.mjs) and the data (rulesets.json) sit beside this
// module. A page that must work opened from the file system (a house ruleset's report, `dicespec
// report`), where the browser loads no module file and fetches nothing beside the page, carries
// both itself, as JSON in a <script type="application/json" class="ds-scorer-embedded">:
// {"games": the module's source, "rulesets": the data}. The implementation is then imported from
// its source by a data: URL, which a page opened from a file may import. There this module comes
// by a data: URL too (dicespec.report writes it so into the scripts that import it), so it names
// the files beside it only when it fetches them.

let loading = null; // the implementation and the rulesets' data, loaded once per page

/** The data: URL of a module's source: the same source, the same URL, the same module. */
export const moduleUrl = (source) => `data:text/javascript;charset=utf-8,${encodeURIComponent(source)}`;

/** What the page carries itself ({games, rulesets}), or null on the site. */
export function carried() {
  const element = document.querySelector("script.ds-scorer-embedded");
  return element ? JSON.parse(element.textContent) : null;
}

/** The implementation's module and the rulesets' data: [games, rulesets]. */
export function load() {
  loading ??= Promise.resolve().then(() => {
    const own = carried();
    if (own) return Promise.all([import(moduleUrl(own.games)), own.rulesets]);
    const rulesets = new URL("./rulesets.json", import.meta.url);
    return Promise.all([
      import(new URL("./dicespec-games.mjs", import.meta.url).href),
      fetch(rulesets).then((response) => {
        if (!response.ok) throw new Error(`${rulesets.pathname}: HTTP ${response.status}`);
        return response.json();
      }),
    ]);
  });
  return loading;
}

/** A catalog text with its {named} values filled in. */
export function format(text, values) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

/** A new element with its text and class. */
export function element(tag, text, className) {
  const made = document.createElement(tag);
  if (text !== undefined) made.textContent = text;
  if (className) made.className = className;
  return made;
}

/**
 * Start every `.ds-<kind>` block of the page not started yet, once the implementation and the data
 * are loaded: `make(block, games, rulesets)` sets one up, and the block's `data-<kind>` says
 * "loading", then "ready" or "failed". A failure to load is the catalog's `load_error` (the words of
 * the block's `script.ds-<kind>-data`) in the block's `messageAt` element. Runs when the page is
 * ready, and again on each page Material's instant navigation (not on in this site) swaps in.
 */
export function startBlocks(kind, messageAt, make) {
  const start = () => {
    const blocks = [...document.querySelectorAll(`.ds-${kind}:not([data-${kind}])`)];
    if (!blocks.length) return;
    for (const block of blocks) block.dataset[kind] = "loading";
    load().then(
      ([games, rulesets]) => {
        for (const block of blocks) {
          make(block, games, rulesets);
          block.dataset[kind] = "ready";
        }
      },
      (error) => {
        for (const block of blocks) {
          block.dataset[kind] = "failed";
          const words = JSON.parse(block.querySelector(`script.ds-${kind}-data`).textContent).words;
          block.querySelector(messageAt).textContent = format(words.load_error, { error: error.message });
        }
        console.error(`dicespec ${kind}:`, error);
      },
    );
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
  globalThis.document$?.subscribe?.(() => start());
}
