// One tap on Save records one deal: the button is disabled as soon as the form is sent.
// (The server refuses a second save of the same deal number anyway; this spares the scorer the message.)
document.addEventListener("submit", (event) => {
  const button = event.submitter;
  if (button && button.value === "save") {
    setTimeout(() => { button.disabled = true; }, 0);
  }
});

// The live preview answers every tap, a half-filled deal included: the browser's check of required fields is for
// the Save button, so htmx must not hold the preview back on it (it validates a form before sending it).
document.addEventListener("htmx:confirm", (event) => {
  const form = event.target;
  if (form.id !== "deal-form" || form.noValidate) return;
  form.noValidate = true;
  setTimeout(() => { form.noValidate = false; }, 0);
});

// A penalty's offender, count and intent show as soon as its kind is chosen, without waiting for the live preview
// (which a phone without a connection never gets); the next penalty's kind shows once this one has a kind.
document.addEventListener("change", (event) => {
  const select = event.target;
  if (!select.name || !select.name.startsWith("penalty_kind")) return;
  const slot = select.closest(".penalty-slot");
  if (!slot) return;
  const chosen = select.value !== "";
  slot.querySelector(".penalty-parts").hidden = !chosen;
  slot.querySelector(".penalty-turned").hidden = select.value !== "turned_hand";
  const next = slot.nextElementSibling;
  if (next && next.classList.contains("penalty-slot") && chosen) next.hidden = false;
});

// What applies at some counts of tricks only (premiers, the vole, matadors that pay) shows on the tap on the tricks,
// without waiting for the live preview (which a phone without a connection never gets); what stops applying is
// hidden and cleared, so that it is not sent with tricks it contradicts. Captured, so that it runs before htmx
// reads the form for the preview this tap sends.
document.addEventListener("change", (event) => {
  const tricks = event.target;
  if (tricks.name !== "tricks" || !tricks.form) return;
  for (const part of tricks.form.querySelectorAll("[data-tricks]")) {
    const applies = part.dataset.tricks.split(" ").includes(tricks.value);
    if (!applies) {
      for (const box of part.querySelectorAll("input[type=checkbox]")) box.checked = false;
      for (const select of part.querySelectorAll("select")) select.selectedIndex = 0;
    }
    part.hidden = !applies;
  }
}, true);

// A save the server refused comes back as the whole page, scrolled to its top: bring the first field it words a
// problem for into view, so that the scorer sees why nothing was saved.
document.addEventListener("DOMContentLoaded", () => {
  const error = document.querySelector("form.deal-form p.error[role=alert]");
  if (!error) return;
  error.scrollIntoView({ block: "center" });
  const field = error.id.endsWith("_error")
    ? document.getElementById(error.id.replace(/_error$/, ""))
    : error.previousElementSibling?.querySelector("input, select, textarea");
  if (field && typeof field.focus === "function") field.focus({ preventScroll: true });
});
