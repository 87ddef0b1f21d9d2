// One tap on Save records one deal: the button is disabled as soon as the form is sent.
// (The server refuses a second save of the same deal number anyway; this spares the scorer the message.)
document.addEventListener("submit", (event) => {
  const button = event.submitter;
  if (button && button.value === "save") {
    setTimeout(() => { button.disabled = true; }, 0);
  }
});
