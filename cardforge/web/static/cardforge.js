// Tapping a card picture adds its code to the card field in use (the last one focused).
(function () {
  var active = null;
  document.addEventListener("focusin", function (e) {
    if (e.target.matches && e.target.matches("input.cards-field")) active = e.target;
  });
  document.addEventListener("click", function (e) {
    var button = e.target.closest && e.target.closest("button.pick");
    if (!button) return;
    var field = active && document.body.contains(active) ? active : document.querySelector("input.cards-field");
    if (!field) return;
    var code = button.getAttribute("data-code");
    if (field.hasAttribute("data-single")) {
      field.value = code;
    } else {
      var v = field.value.replace(/\s+$/, "");
      field.value = v && !/[,;]$/.test(v) ? v + "," + code : v + code;
    }
    field.dispatchEvent(new Event("input", { bubbles: true }));
  });
})();
