// The offline shell of the installable page: the stylesheet, the scripts, the icons, the fonts
// and one offline page, cached on install.  Only GET requests for those files are answered
// from the cache; every match page, every write (POST) and the pushed updates always go to the
// server, so nothing a table confirmed or will confirm is ever served from a cache.
"use strict";
var SHELL = "cardforge-shell-v1";
var FILES = ["/static/cardforge.css", "/static/cardforge.js", "/static/htmx.min.js", "/static/icon.svg",
             "/static/icon-192.png", "/static/offline.html", "/fonts/DejaVuSans.ttf", "/fonts/DejaVuSans-Bold.ttf"];
self.addEventListener("install", function (e) {
  e.waitUntil(caches.open(SHELL).then(function (c) { return c.addAll(FILES); }).then(function () { return self.skipWaiting(); }));
});
self.addEventListener("activate", function (e) {
  e.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k !== SHELL; }).map(function (k) { return caches.delete(k); }));
  }).then(function () { return self.clients.claim(); }));
});
self.addEventListener("fetch", function (e) {
  var req = e.request;
  if (req.method !== "GET") return;  // a write is never cached nor answered here
  var url = new URL(req.url);
  if (url.origin !== location.origin) return;
  if (FILES.indexOf(url.pathname) >= 0) {
    e.respondWith(fetch(req).then(function (r) {  // the network first: an upgrade shows at once
      var copy = r.clone();
      if (r.ok) caches.open(SHELL).then(function (c) { c.put(req, copy); });
      return r;
    }).catch(function () { return caches.match(req); }));
  } else if (req.mode === "navigate") {
    e.respondWith(fetch(req).catch(function () { return caches.match("/static/offline.html"); }));
  }
});
