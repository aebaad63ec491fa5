// The findings' filter on the Errata page: each <select> of a form.ds-filter names a data-
// attribute of the blocks it filters (data-filter: their selector); an empty value shows all.
// Without this script the form stays hidden and every finding shows.
function wire(form) {
  const blocks = [...document.querySelectorAll(form.dataset.filter)];
  const selects = [...form.querySelectorAll("select")];
  const output = form.querySelector("output");
  const update = () => {
    let shown = 0;
    for (const block of blocks) {
      const match = selects.every((select) => !select.value || block.dataset[select.name] === select.value);
      block.hidden = !match;
      if (match) shown += 1;
    }
    if (output) {
      output.textContent = output.dataset.template.replace("{shown}", shown).replace("{count}", blocks.length);
    }
  };
  form.addEventListener("change", update);
  form.hidden = false;
  update();
}

function start() {
  for (const form of document.querySelectorAll("form.ds-filter:not([data-wired])")) {
    form.dataset.wired = "true";
    wire(form);
  }
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
