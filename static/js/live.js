// A live page on a projector (the public one and the director's): a screen holds as many players as the
// projector shows. Once the page is drawn the rows are measured, and the board asks for screens of that many (the
// screens still go round every player).
(() => {
  const sizeTheScreens = (fromTheTop) => {
    const board = document.querySelector("#board[data-rows]");
    const rows = board ? [...board.querySelectorAll("tbody tr")] : [];
    if (rows.length === 0 || !window.htmx) return;
    const table = rows[0].closest("table");
    const rowHeight = Math.max(...rows.map((row) => row.getBoundingClientRect().height));
    const firstRow = rows[0].getBoundingClientRect().top + window.scrollY;
    // The line under the table ("screen 1 of 3 · updated …") stays in sight too.
    const below = board.getBoundingClientRect().bottom - table.getBoundingClientRect().bottom;
    const fit = Math.max(1, Math.floor((window.innerHeight - firstRow - below) / rowHeight));
    const current = Number(board.dataset.rows);
    if (fit === current) return;
    const screen = fromTheTop ? 1 : Math.floor(((Number(board.dataset.screen) - 1) * current) / fit) + 1;
    const address = `${window.location.pathname}?screen=${screen}&rows=${fit}`;
    window.htmx.ajax("GET", address, { target: board, swap: "outerHTML" });
  };
  window.addEventListener("load", () => {
    if (!new URLSearchParams(window.location.search).has("rows")) sizeTheScreens(true);
  });
  let waiting;
  window.addEventListener("resize", () => {
    clearTimeout(waiting);
    waiting = setTimeout(() => sizeTheScreens(false), 300);
  });
})();
