// A duplicate table's board page on a phone that has lost its connection: a Save would leave the page for the
// browser's "no internet" page, and the entries with it. With no connection the form is not sent: the entries stay
// on the screen and the page says to save again once the connection is back.
(() => {
  "use strict";
  const note = document.getElementById("board-offline");
  if (!note) return;
  document.addEventListener("submit", (event) => {
    if (navigator.onLine) {
      note.hidden = true;
      return;
    }
    event.preventDefault();
    note.hidden = false;
    note.scrollIntoView({ block: "center" });
  });
  window.addEventListener("online", () => {
    note.hidden = true;
  });
})();
