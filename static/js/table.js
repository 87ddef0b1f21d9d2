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
