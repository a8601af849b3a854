// The table companion's client: the picker and the entry tray, the shared table (pushed
// updates, the offline banner and its safe retry), keep-awake and the offline shell.
// No rule is decided here: every move goes to the server, which answers with the page part.
(function () {
  "use strict";
  var $ = function (sel, root) { return (root || document).querySelector(sel); };
  var $$ = function (sel, root) { return Array.prototype.slice.call((root || document).querySelectorAll(sel)); };
  // On screen: in the page, displayed, not inside a folded <details> (Chromium keeps those laid out).
  var visible = function (el) {
    return !!el && document.body.contains(el) && el.offsetParent !== null && !el.closest("details:not([open])");
  };

  // -- the field in use: the lit seat of the tray, else the first visible card field -------
  var active = null;
  function mark(field) {
    $$("input.cards-field.active").forEach(function (f) { f.classList.remove("active"); });
    active = field;
    if (field) field.classList.add("active");
    selected();
  }
  function firstField() {
    var fields = $$("form.move input.cards-field").concat($$("input.cards-field")).filter(visible);
    return fields.filter(function (f) { return f.hasAttribute("data-single") && !f.value; })[0] || fields[0] || null;
  }
  function target() {
    return visible(active) ? active : firstField();  // a folded-away field (the legal cards' hand) never
  }
  // The tapped cards are marked: every code now in the fields of the form in use.
  function selected() {
    var field = target();
    var form = field && field.form;
    var codes = {};
    if (form) $$("input.cards-field", form).forEach(function (f) {
      f.value.split(/[\s,;]+/).forEach(function (c) { if (c) codes[c.toLowerCase()] = true; });
    });
    $$("button.pick").forEach(function (b) {
      b.setAttribute("aria-pressed", codes[(b.getAttribute("data-code") || "").toLowerCase()] ? "true" : "false");
    });
  }
  document.addEventListener("focusin", function (e) {
    if (e.target.matches && e.target.matches("input.cards-field")) mark(e.target);
  });
  document.addEventListener("input", function (e) {
    if (e.target.matches && e.target.matches("input.cards-field")) selected();
  });
  document.addEventListener("click", function (e) {
    var pick = e.target.closest && e.target.closest("button.pick");
    if (pick) return tap(pick);
    var tab = e.target.closest && e.target.closest("button.tab");
    if (tab) return showTab(tab.closest(".picker"), tab.getAttribute("data-tab"));
    var cell = e.target.closest && e.target.closest("button.cell");
    if (cell) return correct(cell);
    var close = e.target.closest && e.target.closest("dialog .close");
    if (close) return close.closest("dialog").close();
  });
  function tap(button) {
    var field = target();
    if (!field) return;
    var code = button.getAttribute("data-code");
    if (field.hasAttribute("data-single")) {
      field.value = code;
      var fields = $$("input.cards-field[data-single]", field.form);
      var next = fields.slice(fields.indexOf(field) + 1).concat(fields).filter(function (f) { return !f.value; })[0];
      mark(next || field);
    } else {
      var v = field.value.replace(/\s+$/, "");
      field.value = v && !/[,;]$/.test(v) ? v + "," + code : v + code;
      mark(field);
    }
  }
  // A tap on a seat chip (its name) lights that seat: the next card goes there.
  // -- the flat picker: one colour shown at a time, kept across every update -------------
  function showTab(picker, code) {
    if (!picker) return;
    picker.classList.add("tabbed");
    var tabs = $$("button.tab", picker);
    if (!tabs.some(function (t) { return t.getAttribute("data-tab") === code; })) code = tabs.length ? tabs[0].getAttribute("data-tab") : "";
    tabs.forEach(function (t) { t.setAttribute("aria-pressed", t.getAttribute("data-tab") === code ? "true" : "false"); });
    $$(".panel", picker).forEach(function (p) { p.hidden = p.getAttribute("data-panel") !== code; });
    try { sessionStorage.setItem("cardforge-tab-" + picker.getAttribute("data-game"), code); } catch (err) { /* private mode */ }
  }
  function setUp(root) {
    $$(".picker", root).forEach(function (picker) {
      var kept = null;
      try { kept = sessionStorage.getItem("cardforge-tab-" + picker.getAttribute("data-game")); } catch (err) { /* */ }
      showTab(picker, kept);
    });
    $$("form input[name=move_id]", root).forEach(function (input) { if (!input.value) input.value = newId(); });
    mark(null);
    mark(firstField());
    dockSpace();
  }
  function newId() {
    if (window.crypto && crypto.getRandomValues) {
      var a = new Uint32Array(3);
      crypto.getRandomValues(a);
      return "m" + Array.prototype.map.call(a, function (n) { return n.toString(36); }).join("");
    }
    return "m" + Date.now().toString(36) + Math.random().toString(36).slice(2);
  }
  // The page keeps room below for the dock pinned at the bottom of a phone.
  function dockSpace() {
    var dock = $("#dock");
    var fixed = dock && getComputedStyle(dock).position === "fixed" && dock.getBoundingClientRect().top > 40;
    document.body.style.paddingBottom = fixed ? dock.offsetHeight + 12 + "px" : "";
  }
  window.addEventListener("resize", dockSpace);

  // -- a score-sheet cell: its correction, in a dialog ---------------------------------------
  function correct(cell) {
    var dialog = $("#correct");
    if (!dialog || !dialog.showModal) return;
    var form = $("form", dialog);
    form.elements.round_seq.value = cell.getAttribute("data-seq");
    form.elements.round.value = cell.getAttribute("data-round");
    form.elements.player.value = cell.getAttribute("data-side");
    form.elements.entry.value = cell.getAttribute("data-typed");
    form.elements.move_id.value = newId();
    $("h3", dialog).textContent = cell.getAttribute("data-title");
    dialog.showModal();
  }

  // -- the shared table: pushed updates, the offline banner, the safe retry -----------------
  var banner = $("#offline");
  var lastForm = null;  // the write that got no answer: sent again as it was (same move_id)
  // Offline: say so (with "Send again" when a write got no answer).  Back online with that
  // write still unsent: say so, and keep "Send again" until it is sent (a reply clears it).
  function offline(on, retry) {
    if (!banner) return;
    var pending = !!lastForm && document.body.contains(lastForm);
    banner.hidden = !on && !pending;
    banner.classList.toggle("back", !on && pending);
    $(".msg", banner).textContent = banner.getAttribute(on ? "data-offline" : "data-online");
    $(".retry", banner).hidden = !(on ? retry : pending);
    document.body.classList.toggle("is-offline", on);
  }
  if (banner) $(".retry", banner).addEventListener("click", function () {
    if (lastForm && document.body.contains(lastForm)) {
      if (window.htmx) htmx.trigger(lastForm, "submit"); else lastForm.submit();
    } else refresh();
  });
  document.body.addEventListener("htmx:sendError", function (e) {
    var elt = e.detail && e.detail.elt;
    var form = elt && (elt.tagName === "FORM" ? elt : elt.closest("form"));
    lastForm = form && (form.method || "").toLowerCase() === "post" ? form : null;
    offline(true, !!lastForm);
  });
  // While this phone's own write is on its way, a pushed change waits: the write's answer
  // brings the new page (an echo arriving first would put the cards just sent back in the tray).
  var sending = 0, missed = false;
  document.body.addEventListener("htmx:beforeRequest", function (e) {
    if (e.detail && e.detail.requestConfig && e.detail.requestConfig.verb === "post") sending++;
  });
  document.body.addEventListener("htmx:afterRequest", function (e) {
    if (e.detail && e.detail.requestConfig && e.detail.requestConfig.verb === "post") sending = Math.max(0, sending - 1);
    if (e.detail && e.detail.xhr && e.detail.xhr.status) { lastForm = null; offline(false); }
    if (!sending && missed) { missed = false; setTimeout(refresh, 0); }
  });
  function matchBox() { return $("#match[data-match]"); }
  var refreshing = false;
  function refresh() {
    var box = matchBox();
    if (!box || !window.htmx || refreshing) return;
    if (sending) { missed = true; return; }
    refreshing = true;
    var url = "/m/" + box.getAttribute("data-match") + "?part=match&since=" + box.getAttribute("data-seq");
    fetch(url, { headers: { "HX-Request": "true" }, credentials: "same-origin" }).then(function (r) {
      offline(false);
      if (r.status !== 200) return null;
      return r.text();
    }).then(function (html) {
      if (html && newer(html)) keepTyping(function () { htmx.swap(matchBox(), html, { swapStyle: "outerHTML" }); });
    }).catch(function () { offline(true, !!lastForm); }).then(function () { refreshing = false; });
  }
  // Only a later state replaces the one shown (answers can cross on a slow network).
  function newer(html) {
    var m = /data-seq="(\d+)"/.exec(html), box = matchBox();
    if (sending) { missed = true; return false; }
    return !m || !box || Number(m[1]) > Number(box.getAttribute("data-seq"));
  }
  // What this phone typed survives an update pushed by another phone (a refused move keeps it
  // too: the server sends the fields back as they were).
  function keepTyping(swap) {
    var typed = {};
    $$("#match input:not([type=hidden]), #match select").forEach(function (f) {
      if (f.id && f.value !== f.defaultValue && !(f.tagName === "SELECT")) typed[f.id] = f.value;
    });
    var was = active && active.id;
    swap();
    setUp(document);  // the tab shown, the move id, the lit seat
    Object.keys(typed).forEach(function (id) { var f = document.getElementById(id); if (f && !f.value) f.value = typed[id]; });
    var again = was && document.getElementById(was);
    mark(again && !again.value ? again : firstField());  // the seat in use, or the first still empty
    selected();
  }
  // The server's stream (cardforge/web/push.py): ``event: change`` with {seq, version, html},
  // html being this match's part in this phone's language, the ruling included.
  var source = null;
  function listen() {
    var box = matchBox();
    if (!box || !window.EventSource || source) return;
    source = new EventSource("/m/" + box.getAttribute("data-match") + "/events?since=" + box.getAttribute("data-seq"));
    var changed = function (e) {
      var data = null;
      try { data = JSON.parse(e.data); } catch (err) { /* not ours: ask for the part */ }
      var now = matchBox();
      if (!now) return;
      if (sending) { missed = true; return; }
      if (data && data.seq !== undefined && String(data.seq) === now.getAttribute("data-seq")) return;  // shown already
      if (data && data.html && window.htmx) {
        if (!newer(data.html)) return;
        keepTyping(function () { htmx.swap(matchBox(), data.html, { swapStyle: "outerHTML" }); });
      } else refresh();
    };
    source.onmessage = changed;
    source.addEventListener("change", changed);
    source.onopen = function () { offline(false); refresh(); };  // back: what was missed meanwhile
    source.onerror = function () {
      if (source.readyState === EventSource.CLOSED) { source = null; polling = true; }  // no pushed updates here
      probe();
    };
  }
  // Is the table there?  The banner says so only when the laptop does not answer at all.
  function probe() {
    fetch("/ping", { cache: "no-store" }).then(function () { offline(false); }, function () { offline(true, !!lastForm); });
  }
  // Without pushed updates (an old browser, a server without them), the page asks every 3 s.
  var polling = !window.EventSource;
  setInterval(function () { if (polling && matchBox()) refresh(); }, 3000);

  // -- after a move: the rows and the ruling in view, the tray lit for the next seat --------
  document.body.addEventListener("htmx:afterSwap", function (e) {
    setUp(document);
    var req = e.detail && e.detail.requestConfig;
    if (req && req.verb === "post" && e.detail.target && e.detail.target.id === "match") {
      var live = $("#live");
      if (live && live.getBoundingClientRect().top < 0) live.scrollIntoView({ block: "start" });
    }
  });

  // -- switching language keeps what was typed ---------------------------------------------
  document.addEventListener("click", function (e) {
    var link = e.target.closest && e.target.closest("a.lang");
    if (!link) return;
    var typed = {};
    $$("input:not([type=hidden]), select").forEach(function (f) {
      if (f.id && f.value !== f.defaultValue) typed[f.id] = f.value;
    });
    try { sessionStorage.setItem("cardforge-typed:" + location.pathname, JSON.stringify(typed)); } catch (err) { /* */ }
  });
  function restoreTyped() {
    var key = "cardforge-typed:" + location.pathname, typed = null;
    try { typed = JSON.parse(sessionStorage.getItem(key) || "null"); sessionStorage.removeItem(key); } catch (err) { /* */ }
    if (!typed) return;
    Object.keys(typed).forEach(function (id) { var f = document.getElementById(id); if (f) f.value = typed[id]; });
  }

  // -- the tablet in the middle of the table stays awake ---------------------------------------
  var lock = null;
  function keepAwake() {
    if (!matchBox() || !navigator.wakeLock || document.visibilityState !== "visible" || lock) return;
    navigator.wakeLock.request("screen").then(function (l) {
      lock = l;
      l.addEventListener("release", function () { lock = null; });
    }).catch(function () { lock = null; });  // refused (battery saver): the page works the same
  }
  document.addEventListener("visibilitychange", keepAwake);

  // -- installable: the offline shell (never a write, never a match page) ---------------------
  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("/sw.js").catch(function () { /* no offline shell: fine */ });
  }

  restoreTyped();
  setUp(document);
  listen();
  keepAwake();
})();
