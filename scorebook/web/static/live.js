// The live view: an element with data-events follows its game's Server-Sent Events; when the
// game's version is no longer the one it shows (data-version), it fetches the page again and
// htmx swaps the new copy of that element in place. EventSource reconnects by itself.
document.addEventListener("DOMContentLoaded", () => {
  for (const live of document.querySelectorAll("[data-events]")) {
    const source = new EventSource(live.dataset.events);
    source.addEventListener("statement", (event) => {
      const shown = document.getElementById(live.id);
      if (shown && event.data !== shown.dataset.version) {
        htmx.ajax("GET", location.pathname + location.search, { target: "#" + live.id, select: "#" + live.id, swap: "outerHTML" });
      }
    });
  }
});
