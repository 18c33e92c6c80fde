document.addEventListener("click", function (e) {
  var b = e.target.closest ? e.target.closest("button[data-copy]") : null;
  if (!b) { return; }
  var src = document.getElementById(b.getAttribute("data-copy"));
  if (!src) { return; }
  var text = src.textContent;
  var done = function () { b.textContent = "コピーしました"; b.setAttribute("data-copied", "1"); };
  if (navigator.clipboard && navigator.clipboard.writeText) {
    navigator.clipboard.writeText(text).then(done, function () { b.textContent = "コピーできません"; });
  } else { b.textContent = "コピーできません"; }
});

(function () {
  // the new-game form: the 村 changes the roster hint, the options box and the link to
  // its defaults (without the script, the link still shows them: /new?variant=…)
  var sel = document.getElementById("variant");
  if (!sel || !document.getElementById("new-game")) { return; }
  var opts = document.getElementById("options");
  var hint = document.getElementById("roster-hint");
  var link = document.getElementById("variant-defaults");
  var box = document.getElementById("scenario-box");
  var roster = document.getElementById("roster");
  var count = document.getElementById("players");
  var last = sel.value;
  var shownDefaults = function (v) {
    var o = sel.querySelector("option[value='" + v + "']");
    return o ? o.getAttribute("data-options") || "" : "";
  };
  sel.addEventListener("change", function () {
    var o = sel.options[sel.selectedIndex];
    if (hint && o.getAttribute("data-hint") !== null) { hint.textContent = o.getAttribute("data-hint"); }
    // the options box follows unless the GM edited it
    if (opts && (opts.value.trim() === "" || opts.value.trim() === shownDefaults(last).trim())) {
      opts.value = o.getAttribute("data-options") || "";
    }
    if (link) { link.setAttribute("href", "/new?variant=" + encodeURIComponent(sel.value)); }
    if (box) { box.hidden = sel.value !== "majora"; }
    last = sel.value;
  });
  var recount = function () {
    if (!roster || !count) { return; }
    var n = roster.value.split("\n").filter(function (l) {
      return l.trim() !== "" && l.trim().charAt(0) !== "#";
    }).length;
    count.textContent = n + "人";
  };
  if (roster) { roster.addEventListener("input", recount); recount(); }
})();

// a store from the preview replaces the preview in the history: Back after storing goes
// to the game's page, never to the browser's "resubmit the form?" page (no script: a
// plain POST and its 303 redirect)
document.addEventListener("submit", function (e) {
  var f = e.target;
  if (!f.hasAttribute || !f.hasAttribute("data-replace") || !window.fetch || !window.FormData) { return; }
  if (e.submitter && e.submitter.hasAttribute("formaction")) { return; }
  e.preventDefault();
  var again = function () { f.removeAttribute("data-replace"); f.submit(); };
  fetch(f.action, { method: "POST", body: new FormData(f), credentials: "same-origin" })
    .then(function (r) {
      if (r.redirected && r.ok) { location.replace(r.url + (f.getAttribute("data-replace") || "")); } else { again(); }
    }, again);
});

// a long night's chatter is not in the page: the button fetches its rows (no script: the
// link opens them as a page of their own)
document.addEventListener("click", function (e) {
  var a = e.target.closest ? e.target.closest("a[data-rows]") : null;
  if (!a || !window.fetch) { return; }
  var body = document.getElementById(a.getAttribute("data-rows"));
  if (!body) { return; }
  e.preventDefault();
  var href = a.getAttribute("href");
  fetch(href + "&part=1", { credentials: "same-origin" }).then(function (r) {
    if (!r.ok) { throw new Error(String(r.status)); }
    return r.text();
  }).then(function (html) {
    body.innerHTML = html;
    var table = document.getElementById("chatter-table");
    if (table) { table.hidden = false; }
    a.hidden = true;
    a.setAttribute("data-shown", "1");
  }, function () { location.href = href; });
});

// a long paste is kept by the desk, not carried in the page: opening it fills the box
document.addEventListener("click", function (e) {
  var a = e.target.closest ? e.target.closest("a[data-fill]") : null;
  if (!a || !window.fetch) { return; }
  var box = document.getElementById(a.getAttribute("data-fill"));
  if (!box) { return; }
  e.preventDefault();
  fetch(a.getAttribute("href"), { credentials: "same-origin" }).then(function (r) {
    if (!r.ok) { throw new Error(String(r.status)); }
    return r.text();
  }).then(function (text) {
    box.value = text;
    a.hidden = true;
    a.setAttribute("data-shown", "1");
    box.focus();
  }, function () { location.href = a.getAttribute("href"); });
});
