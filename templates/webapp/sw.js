{% load static %}// The table pages' service worker. It keeps the last copy of each table page and of the files pages use,
// so that a reload with no connection still opens the table. The deals waiting to be sent are not here:
// they live in the page's own IndexedDB queue (static/js/offline.js), which works even where no service
// worker can run (a phone on plain http over the club's Wi-Fi is not a secure context).
"use strict";

// Bump when what is kept changes shape; the files themselves are refreshed on every use.
const CACHE = "quadrille-tables-v1";
const TABLE_PAGE = /^\/t\/[A-Za-z0-9_-]+\/$/;
const STATIC_PREFIX = new URL("{% get_static_prefix %}", self.location).pathname;
// A phone whose Wi-Fi is gone but not yet noticed waits this long for the server before showing the copy.
const NETWORK_WAIT_MS = 4000;

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("quadrille-") && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

// A page that opened before this worker controlled it sends itself (as it arrived) and the files it loaded.
self.addEventListener("message", (event) => {
  if (!event.data || event.data.type !== "keep") return;
  event.waitUntil(
    keep(event.data).then(() => event.source && event.source.postMessage({ type: "kept" })),
  );
});

async function keep({ urls, page }) {
  const cache = await caches.open(CACHE);
  const pageUrl = new URL(page.url, self.location);
  if (pageUrl.origin === self.location.origin && TABLE_PAGE.test(pageUrl.pathname)) {
    const headers = { "Content-Type": "text/html; charset=utf-8" };
    await cache.put(keyOf(pageUrl), new Response(page.html, { headers }));
  }
  await Promise.all(
    urls.map(async (address) => {
      const url = new URL(address, self.location);
      if (url.origin !== self.location.origin) return;
      try {
        const response = await fetch(url.href, { credentials: "same-origin" });
        if (response.ok) await cache.put(keyOf(url), response);
      } catch (error) {
        // Not reachable now: it is kept on its next use instead.
      }
    }),
  );
}

function keyOf(url) {
  return TABLE_PAGE.test(url.pathname) ? url.origin + url.pathname : url.href;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return; // saves go to the network, always
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // A page's own refresh after its deals were sent wants the server's answer, or none: never the kept copy.
  if (request.headers.get("X-Table-Refresh")) return;
  if (TABLE_PAGE.test(url.pathname) && !request.headers.get("HX-Request")) {
    event.respondWith(tablePage(event, url));
  } else if (url.pathname.startsWith(STATIC_PREFIX)) {
    event.respondWith(staticFile(event));
  }
});

// The table page: the network first (it holds the other phones' deals), the kept copy when it does not answer.
async function tablePage(event, url) {
  const cache = await caches.open(CACHE);
  const network = fetch(event.request).then(async (response) => {
    if (response.ok && response.type === "basic") await cache.put(keyOf(url), response.clone());
    return response;
  });
  event.waitUntil(network.catch(() => null));
  const late = new Promise((resolve) => setTimeout(resolve, NETWORK_WAIT_MS, null));
  try {
    const response = await Promise.race([network, late]);
    if (response) return response;
  } catch (error) {
    // No connection: the kept copy below.
  }
  const copy = await cache.match(keyOf(url));
  return copy ? markedCopy(copy) : network;
}

// The page learns it is a kept copy from a meta element, so it can say "Offline since …".
async function markedCopy(copy) {
  const html = (await copy.text()).replace("<head>", '<head><meta name="quadrille-offline-copy" content="1">');
  return new Response(html, { status: 200, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

// Styles, scripts and icons: the kept file at once, refreshed behind it for the next load.
async function staticFile(event) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(event.request);
  const fresh = fetch(event.request).then(async (response) => {
    if (response.ok) await cache.put(event.request, response.clone());
    return response;
  });
  if (kept) {
    event.waitUntil(fresh.catch(() => null));
    return kept;
  }
  return fresh;
}
