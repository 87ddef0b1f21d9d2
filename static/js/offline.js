// Offline-first table entry: a deal saved while the server does not answer waits here (IndexedDB) with its key
// and number, and is sent in order when it answers: stored once, or refused and kept until the scorer discards it
// or enters it as the next deal. No service worker needed (plain http); one adds the reload with no connection.
(() => {
  "use strict";
  const box = document.getElementById("offline-queue");
  if (!box || !window.indexedDB || !window.fetch || !window.AbortController || !window.crypto) return;

  const T = JSON.parse(document.getElementById("offline-strings").textContent);
  // The fields that describe a deal: a waiting deal keeps these; its position and key are added when sent.
  const DEAL_FIELDS = new Set(JSON.parse(document.getElementById("deal-fields").textContent));
  // The page as it arrived, before this script changes it: the worker keeps it rather than download it again.
  const arrived = `<!doctype html>\n${document.documentElement.outerHTML}`;
  const tableUrl = box.dataset.tableUrl;
  const token = box.dataset.token;
  const SEND_WAIT_MS = 5000; // no answer by then: the deal waits on the phone
  const RETRY_MS = 4000;
  const SINCE_KEY = "quadrille-offline-since";
  const plurals = new Intl.PluralRules(document.documentElement.lang || undefined);

  const fill = (text, values) => text.replace(/%\((\w+)\)s/g, (_, name) => values[name]);
  const counted = (forms, count) => fill(forms[plurals.select(count)] || forms.other, { count });

  // The page as the server last rendered it: what the next deal's form looks like and which deal it expects.
  let base = { position: Number(box.dataset.position), number: Number(box.dataset.number) };
  let pristineForm = formOf(document)?.outerHTML;
  let formTouched = false;
  let online = navigator.onLine;
  let waitingNow = 0; // deals kept here, as last shown

  function formOf(root) {
    return root.getElementById("deal-form");
  }

  // The next deal's form and misdeal button, or the round's sign-off.
  function entryArea(root) {
    return Array.from(root.querySelectorAll("main > #round-complete, main > #deal-form, main > form.misdeal"));
  }

  // ---- the store: one record a waiting deal, in the order they were saved (seq)
  let opening = null;
  function database() {
    opening ||= new Promise((resolve, reject) => {
      const request = indexedDB.open("quadrille-offline", 1);
      request.onupgradeneeded = () => {
        request.result.createObjectStore("deals", { keyPath: "seq", autoIncrement: true }).createIndex("token", "token");
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    return opening;
  }

  // Resolves when the transaction is committed: a deal counts as kept only once it is on the disk.
  async function transact(mode, work) {
    const db = await database();
    return new Promise((resolve, reject) => {
      const tx = db.transaction("deals", mode);
      const request = work(tx.objectStore("deals"));
      tx.oncomplete = () => resolve(request && request.result);
      tx.onerror = tx.onabort = () => reject(tx.error);
    });
  }

  async function storedDeals() {
    const deals = await transact("readonly", (store) => store.index("token").getAll(token));
    return deals.sort((a, b) => a.seq - b.seq);
  }
  const keepDeal = (deal) => transact("readwrite", (store) => store.put(deal));
  const dropDeal = (seq) => transact("readwrite", (store) => store.delete(seq));

  function newKey() {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    bytes[6] = (bytes[6] & 0x0f) | 0x40; // a version 4 uuid, as the server mints
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  function csrfToken() {
    const cookie = document.cookie.split("; ").find((c) => c.startsWith("csrftoken="));
    if (cookie) return cookie.slice("csrftoken=".length);
    return document.querySelector("[name=csrfmiddlewaretoken]")?.value || "";
  }

  // ---- the connection, as the server's answers (not the browser's guess) tell it
  function offlineSince() {
    try {
      return Number(localStorage.getItem(SINCE_KEY)) || null;
    } catch (error) {
      return null;
    }
  }

  function markOffline() {
    online = false;
    try {
      if (!offlineSince()) localStorage.setItem(SINCE_KEY, String(Date.now()));
    } catch (error) {
      // Private mode: no time to show.
    }
  }

  function markOnline() {
    online = true;
    try {
      localStorage.removeItem(SINCE_KEY);
    } catch (error) {
      // Nothing was stored.
    }
  }

  // ---- sending one deal; the answer is one of the results the server's JSON gives, or "unreachable"
  async function send(deal) {
    const body = new URLSearchParams(deal.fields);
    body.set("position", String(deal.position));
    body.set("idempotency_key", deal.key);
    body.set("action", "save");
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), SEND_WAIT_MS);
    let response;
    try {
      response = await fetch(tableUrl, {
        method: "POST",
        body,
        credentials: "same-origin",
        headers: { Accept: "application/json", "X-CSRFToken": csrfToken() },
        signal: controller.signal,
      });
    } catch (error) {
      return { result: "unreachable" };
    } finally {
      clearTimeout(timer);
    }
    if ((response.headers.get("Content-Type") || "").includes("json")) {
      try {
        const answer = await response.json();
        if (answer && answer.result) return answer;
      } catch (error) {
        // Not the JSON it claimed: judged by its status below.
      }
    }
    // A server without the JSON answers: a saved deal redirects back to the table page.
    if (response.ok && response.redirected) return { result: "saved" };
    if (response.status === 409) return { result: "conflict" };
    if (response.status === 403) return { result: "refused" };
    if (response.status === 404) return { result: "gone" }; // the director issued a new link for this table
    if (response.status >= 500) return { result: "unreachable" }; // a server starting up or in trouble: later
    return { result: "invalid" };
  }

  function reasonFor(answer, deal) {
    // The server's own words for a conflict speak of a form on its page; here the deal waits in the ledger.
    if (answer.result === "conflict") return fill(T.conflict, { number: answer.deal || deal.number });
    if (answer.result === "refused") return answer.message || T.refused_reason;
    if (answer.result === "gone") return T.gone;
    const errors = Object.values(answer.errors || {}).flat();
    return errors.length ? errors.join(" ") : T.invalid;
  }

  // ---- sending every waiting deal, in order; one run at a time
  let flushing = null;
  function flush() {
    flushing ||= sendWaiting().finally(() => {
      flushing = null;
    });
    return flushing;
  }

  async function sendWaiting() {
    let changed = false;
    for (const deal of await storedDeals()) {
      if (deal.state === "refused") break; // the scorer decides about it first; later deals wait behind it
      const answer = await send(deal);
      if (answer.result === "unreachable") {
        markOffline();
        break;
      }
      markOnline();
      if (answer.result === "saved" || answer.result === "already_saved") {
        await dropDeal(deal.seq);
        changed = true;
        continue;
      }
      if (answer.result === "gone") return refuseGone(); // no page here to refresh from
      Object.assign(deal, { state: "refused", answer: answer.result, reason: reasonFor(answer, deal) });
      await keepDeal(deal);
      changed = true; // the table moved on without this phone: its ledger shows the deal recorded instead
      break;
    }
    if (changed) await refreshFromServer();
    await render();
  }

  // A replaced link takes no deal: each waiting one is refused alike, kept until entered on the new link.
  async function refuseGone() {
    for (const deal of await storedDeals()) {
      if (deal.state === "refused") continue;
      Object.assign(deal, { state: "refused", answer: "gone", reason: T.gone });
      await keepDeal(deal);
    }
    await render();
    showNote(T.gone);
  }

  // ---- the scorer's Save
  function summary(form) {
    return Array.from(form.querySelectorAll("fieldset.pills"))
      .map((set) => set.querySelector("input:checked")?.closest("label")?.textContent.trim())
      .filter(Boolean)
      .join(" · ");
  }

  async function save(form, button, data, unlock) {
    const fields = Array.from(data).filter(([name, value]) => typeof value === "string" && DEAL_FIELDS.has(name));
    const deal = {
      token,
      // A fresh key for every deal, never the form's: a kept page shows the same form (and key) again after
      // a reload, and a second deal under that key would pass for the first.
      key: newKey(),
      position: Number(data.get("position")),
      number: currentNumber(),
      fields,
      summary: summary(form),
      state: "waiting",
      saved: Date.now(),
    };
    const waiting = await storedDeals();
    if (waiting.some((kept) => kept.answer === "gone")) {
      // The link is replaced: refused as the others, its entries left on the screen.
      await keepDeal(deal);
      return refuseGone();
    }
    if (!waiting.length && online) {
      const answer = await send(deal);
      if (answer.result === "saved" || answer.result === "already_saved") {
        markOnline();
        formTouched = false; // its entries are stored: the server's form for the next deal replaces it
        const spot = button.getBoundingClientRect();
        await refreshFromServer(fill(T.saved, { number: answer.deal || deal.number }));
        holdStill(spot);
        await render();
        return;
      }
      if (answer.result === "gone") {
        // No page at this address to post to: the deal waits here, its entries stay on the screen.
        await keepDeal(deal);
        return refuseGone();
      }
      if (answer.result !== "unreachable") {
        markOnline();
        unlock(); // disabled controls would be left out of the post
        postAsUsual(form, button); // the server's own page words the problem next to the field
        return;
      }
      markOffline();
    }
    await keepDeal(deal);
    nextDealForm();
    await render();
    showNote(fill(T.kept, { number: deal.number }));
    if (online) flush();
  }

  // A double tap on Save must not land on what a save moved up under the finger: the next form's Save stays
  // where the last one was, and for a moment a tap there is let go.
  const STILL_MS = 700;
  const FINGER_PX = 16;
  let stillUntil = 0;
  function holdStill(spot) {
    stillUntil = Date.now() + STILL_MS;
    const form = formOf(document);
    const save = form?.querySelector('button[value="save"]');
    if (save) {
      const actions = save.closest(".actions") || save;
      const shift = spot.top - save.getBoundingClientRect().top;
      if (shift > 0) actions.style.marginTop = `${parseFloat(getComputedStyle(actions).marginTop) + shift}px`;
      return;
    }
    const swallow = (event) => {
      const near =
        event.clientX >= spot.left - FINGER_PX &&
        event.clientX <= spot.right + FINGER_PX &&
        event.clientY >= spot.top - FINGER_PX &&
        event.clientY <= spot.bottom + FINGER_PX;
      if (!near) return;
      event.preventDefault();
      event.stopPropagation();
    };
    document.addEventListener("click", swallow, true);
    setTimeout(() => document.removeEventListener("click", swallow, true), STILL_MS);
  }

  function postAsUsual(form, button) {
    const action = document.createElement("input");
    Object.assign(action, { type: "hidden", name: button.name, value: button.value });
    form.append(action);
    HTMLFormElement.prototype.submit.call(form);
  }

  function showNote(text) {
    const main = document.querySelector("main");
    let list = main.querySelector(".messages");
    if (!list) {
      list = document.createElement("ul");
      list.className = "messages";
      list.setAttribute("role", "status");
      main.prepend(list);
    }
    list.replaceChildren(Object.assign(document.createElement("li"), { className: "info", textContent: text }));
  }

  // ---- the form for the next deal, and the deal number it expects
  function nextPosition(deals) {
    return Math.max(base.position, ...deals.map((deal) => deal.position + 1));
  }

  function currentNumber() {
    const form = formOf(document);
    return base.number + (Number(form?.elements.position.value || base.position) - base.position);
  }

  function nextDealForm() {
    const form = formOf(document);
    if (!form || !pristineForm) return;
    const holder = document.createElement("div");
    holder.innerHTML = pristineForm;
    const fresh = holder.firstElementChild;
    form.replaceWith(fresh);
    if (window.htmx) window.htmx.process(fresh);
    if (fresh.elements.idempotency_key) fresh.elements.idempotency_key.value = newKey();
    formTouched = false;
  }

  function numberTheForm(deals) {
    const form = formOf(document);
    if (!form || !form.elements.position) return;
    const position = nextPosition(deals);
    // Nothing kept here and the form as the server numbered it: its heading is the server's, leave it.
    if (!deals.length && Number(form.elements.position.value) === position) return;
    form.elements.position.value = String(position);
    const heading = form.querySelector("h2");
    if (heading) heading.textContent = fill(T.deal_heading, { number: base.number + (position - base.position) });
  }

  // ---- after deals reach the server: its page again, without losing what the scorer is typing
  async function refreshFromServer(message, tries = 3) {
    // The server's page, never the worker's kept copy; tried again shortly when it does not come.
    const again = () => tries > 1 && setTimeout(() => refreshFromServer(message, tries - 1), 1500);
    let html;
    try {
      const headers = { Accept: "text/html", "X-Table-Refresh": "1" };
      const response = await fetch(tableUrl, { credentials: "same-origin", cache: "no-store", headers });
      if (!response.ok) return again();
      html = await response.text();
    } catch (error) {
      return again();
    }
    const page = new DOMParser().parseFromString(html, "text/html");
    if (page.querySelector('meta[name="quadrille-offline-copy"]')) return again();
    for (const selector of [".table-head", "#round-complete", "#ledger", "form.misdeal"]) {
      const now = document.querySelector(selector);
      const fresh = page.querySelector(selector);
      if (now && fresh) now.replaceWith(document.adoptNode(fresh));
    }
    const freshBox = page.getElementById("offline-queue");
    if (freshBox) base = { position: Number(freshBox.dataset.position), number: Number(freshBox.dataset.number) };
    const freshForm = formOf(page);
    const form = formOf(document);
    if (Boolean(freshForm) !== Boolean(form)) {
      // The round is over (or a tour was added): the sign-off or the form, as the server has it now. A form
      // for a deal that cannot be recorded is never left on the screen.
      const ledger = document.getElementById("ledger");
      entryArea(document).forEach((node) => node.remove());
      for (const node of entryArea(page)) {
        const adopted = document.adoptNode(node);
        ledger.before(adopted);
        if (window.htmx) window.htmx.process(adopted);
      }
      pristineForm = freshForm ? formOf(document).outerHTML : null;
      formTouched = false;
    } else if (freshForm && form) {
      pristineForm = freshForm.outerHTML;
      if (!formTouched) {
        const adopted = document.adoptNode(freshForm);
        form.replaceWith(adopted);
        if (window.htmx) window.htmx.process(adopted);
      } else if (form.elements.idempotency_key) {
        form.elements.idempotency_key.value = newKey();
      }
    }
    const messages = page.querySelector("main > .messages");
    const current = document.querySelector("main > .messages");
    if (current) current.remove();
    if (messages) document.querySelector("main").prepend(document.adoptNode(messages));
    else if (message) showNote(message);
  }

  // ---- what the scorer sees: the status line, the waiting deals in the ledger, the preview's note
  async function render() {
    const deals = await storedDeals();
    waitingNow = deals.length;
    const refused = deals.filter((deal) => deal.state === "refused").length;
    const waiting = deals.length - refused;
    const parts = [];
    if (!online) {
      const since = offlineSince();
      const time =
        since &&
        new Date(since).toLocaleTimeString(document.documentElement.lang || undefined, {
          hour: "2-digit",
          minute: "2-digit",
          hourCycle: "h23", // a club's evening runs on a 24-hour clock: "since 21:14"
        });
      parts.push(time ? fill(T.offline_since, { time }) : T.offline);
    }
    if (waiting) parts.push(counted(T.waiting, waiting));
    else if (online && !refused && base.position > 1) parts.push(T.all_sent); // once a deal was sent
    if (refused) parts.push(counted(T.refused, refused));
    const text = parts.join(" · ");
    if (box.textContent !== text) box.textContent = text; // an unchanged line is not read out again
    box.dataset.state = !online ? "offline" : deals.length ? "waiting" : "sent";
    box.hidden = !text;
    renderWaiting(deals);
    numberTheForm(deals);
    notePreview();
  }

  function element(tag, attributes, ...children) {
    const node = Object.assign(document.createElement(tag), attributes);
    node.append(...children.filter((child) => child !== null));
    return node;
  }

  function renderWaiting(deals) {
    const ledger = document.getElementById("ledger");
    if (!ledger) return;
    let section = document.getElementById("waiting-deals");
    if (!deals.length) {
      section?.remove();
      return;
    }
    if (!section) {
      section = element("div", { id: "waiting-deals", className: "waiting-deals" });
      ledger.querySelector("h2").after(section);
    }
    const items = deals.map((deal) => {
      const refused = deal.state === "refused";
      const item = element(
        "li",
        { className: refused ? "waiting-deal is-refused" : "waiting-deal" },
        element("strong", { textContent: `${deal.number}. ` }),
        deal.summary,
        " ",
        element("span", { className: "tag", textContent: refused ? T.refused_tag : T.waiting_tag }),
      );
      item.dataset.seq = String(deal.seq);
      if (refused) {
        item.append(element("p", { className: "error", textContent: deal.reason }));
        const actions = element("div", { className: "actions" });
        actions.append(element("button", { type: "button", className: "secondary", value: "discard", textContent: T.discard }));
        if (deal.answer === "conflict" && formOf(document)) {
          actions.append(
            element("button", { type: "button", className: "secondary", value: "enter-next", textContent: T.enter_next }),
          );
        }
        item.append(actions);
      }
      return item;
    });
    section.replaceChildren(element("h3", { textContent: T.waiting_title }), element("ol", {}, ...items));
  }

  function notePreview() {
    const preview = document.getElementById("preview");
    if (!preview) return;
    let note = preview.querySelector(".offline-note");
    if (online) {
      note?.remove();
    } else if (!note) {
      note = element("p", { className: "offline-note", textContent: T.preview_offline });
      preview.prepend(note);
    }
  }

  // ---- the scorer's choice about a refused deal
  async function decide(seq, choice) {
    const deals = await storedDeals();
    const at = deals.findIndex((deal) => deal.seq === seq);
    if (at < 0) return;
    if (choice === "discard") {
      await dropDeal(seq);
    } else {
      // It goes in after the deal recorded in its place: it and every deal behind it move down one.
      for (const deal of deals.slice(at)) {
        deal.position += 1;
        deal.number += 1;
      }
      Object.assign(deals[at], { state: "waiting", key: newKey(), reason: "", answer: "" });
      for (const deal of deals.slice(at)) await keepDeal(deal);
    }
    await render();
    if (online) flush();
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest("#waiting-deals button");
    if (!button) return;
    decide(Number(button.closest("li").dataset.seq), button.value);
  });

  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (form.id === "deal-form" && event.submitter?.value === "save") {
      event.preventDefault();
      const button = event.submitter;
      const data = new FormData(form, button);
      // A live preview still under way would swap the old entries back in after the save.
      if (window.htmx) window.htmx.trigger(form, "htmx:abort");
      // Until the server answers, or the deal is kept here, the entries stay as they were sent.
      const controls = Array.from(form.elements).filter((control) => !control.disabled);
      controls.forEach((control) => {
        control.disabled = true;
      });
      form.setAttribute("aria-busy", "true");
      save(form, button, data, () => controls.forEach((control) => (control.disabled = false))).finally(() => {
        controls.forEach((control) => {
          control.disabled = false;
        });
        form.removeAttribute("aria-busy");
      });
    } else if (form.classList.contains("misdeal") && (!online || waitingNow)) {
      // A misdeal goes in after the deals waiting here, and only the server can put it there.
      event.preventDefault();
      showNote(T.misdeal_offline);
    }
  });

  document.addEventListener("change", (event) => {
    if (event.target.closest("#deal-form")) formTouched = true;
  });

  // A double tap's second tap, on the next deal's Save: let go before the browser checks the empty form.
  document.addEventListener(
    "click",
    (event) => {
      if (formTouched || Date.now() >= stillUntil || !event.target.closest?.('#deal-form button[value="save"]')) return;
      event.preventDefault();
      event.stopImmediatePropagation();
    },
    true,
  );

  // htmx's live preview tells the connection too; its form comes back numbered by the server.
  document.addEventListener("htmx:sendError", () => {
    markOffline();
    render();
  });
  document.addEventListener("htmx:timeout", () => {
    markOffline();
    render();
  });
  document.addEventListener("htmx:afterSwap", () => storedDeals().then(numberTheForm).then(notePreview));
  if (window.htmx) window.htmx.config.timeout = SEND_WAIT_MS;

  // ---- finding the server again
  async function probe() {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), SEND_WAIT_MS);
    try {
      await fetch(tableUrl, { method: "HEAD", cache: "no-store", credentials: "same-origin", signal: controller.signal });
      return true;
    } catch (error) {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  async function retry() {
    if (flushing) return;
    const deals = await storedDeals();
    if (deals.some((deal) => deal.state === "waiting")) {
      await flush();
    } else if (!online && (await probe())) {
      markOnline();
      await refreshFromServer();
      await render();
    }
  }

  window.addEventListener("online", retry);
  window.addEventListener("offline", () => {
    markOffline();
    render();
  });
  setInterval(retry, RETRY_MS);

  // ---- start: a kept copy opened with no connection says so
  if (document.querySelector('meta[name="quadrille-offline-copy"]')) {
    markOffline();
    document.querySelector("main > .messages")?.remove(); // they were news when the copy was kept
  } else if (navigator.onLine) {
    markOnline(); // this page just came from the server
  } else {
    markOffline();
  }
  render().then(() => online && flush());

  // ---- the service worker, where the browser allows one (a secure context: https, localhost)
  if ("serviceWorker" in navigator && window.isSecureContext) {
    // Read now: the worker may claim this page before `ready`, and a page it did not serve was not kept.
    const servedByWorker = Boolean(navigator.serviceWorker.controller);
    navigator.serviceWorker
      .register(box.dataset.worker, { scope: box.dataset.scope })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        navigator.serviceWorker.addEventListener("message", (event) => {
          if (event.data?.type === "kept") box.dataset.offlineReady = "true";
        });
        if (servedByWorker) {
          box.dataset.offlineReady = "true"; // its fetches kept this page and its files as they loaded
          return;
        }
        const files = performance
          .getEntriesByType("resource")
          .filter((entry) => ["link", "script", "img", "css"].includes(entry.initiatorType))
          .map((entry) => entry.name);
        registration.active.postMessage({ type: "keep", urls: files, page: { url: location.href, html: arrived } });
      })
      .catch(() => {
        // No worker: the queue still keeps every deal; only the reload with no connection is lost.
      });
  }
})();
