// Card pictures: a tap puts the card's code into the card field in use.  A single-card field
// (a reveal, a card laid) takes the code and hands over to the next empty one, so a whole
// reveal is tapped with one thumb; other fields collect codes separated by commas.
(function () {
  var active = null;
  function mark(field) {
    document.querySelectorAll("input.cards-field.active").forEach(function (f) { f.classList.remove("active"); });
    active = field;
    if (field) field.classList.add("active");
  }
  function firstField() {
    return document.querySelector("input.cards-field[data-single]") || document.querySelector("input.cards-field");
  }
  document.addEventListener("focusin", function (e) {
    if (e.target.matches && e.target.matches("input.cards-field")) mark(e.target);
  });
  document.addEventListener("click", function (e) {
    var button = e.target.closest && e.target.closest("button.pick");
    if (!button) return;
    var field = active && document.body.contains(active) ? active : firstField();
    if (!field) return;
    var code = button.getAttribute("data-code");
    if (field.hasAttribute("data-single")) {
      field.value = code;
      var fields = Array.prototype.slice.call(field.form.querySelectorAll("input.cards-field[data-single]"));
      var next = fields.slice(fields.indexOf(field) + 1).concat(fields).filter(function (f) { return !f.value; })[0];
      mark(next || field);
    } else {
      var v = field.value.replace(/\s+$/, "");
      field.value = v && !/[,;]$/.test(v) ? v + "," + code : v + code;
      mark(field);
    }
  });
  document.body.addEventListener("htmx:afterSwap", function () { mark(null); });
  // The page refreshes itself every few seconds (another phone's entries) only while nobody
  // is typing here: no focused field, nothing typed yet.
  window.cardforgeIdle = function () {
    var el = document.activeElement;
    if (el && (el.tagName === "INPUT" || el.tagName === "SELECT")) return false;
    return !Array.prototype.some.call(document.querySelectorAll("#match input:not([type=hidden])"), function (f) {
      return f.value !== f.defaultValue;
    });
  };
})();
