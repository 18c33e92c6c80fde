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
  // the new-game form: the 村 changes the roster hint, the settings shown (each village's
  // in its own fieldset; the others disabled, so not sent) and the link to its defaults
  // (without the script, the link still shows them: /new?variant=…)
  var sel = document.getElementById("variant");
  if (!sel || !document.getElementById("new-game")) { return; }
  var hint = document.getElementById("roster-hint");
  var link = document.getElementById("variant-defaults");
  var box = document.getElementById("scenario-box");
  var roster = document.getElementById("roster");
  var count = document.getElementById("players");
  var sync = function () {
    var o = sel.options[sel.selectedIndex];
    if (hint && o.getAttribute("data-hint") !== null) { hint.textContent = o.getAttribute("data-hint"); }
    var sets = document.querySelectorAll("fieldset.settings[data-variant]");
    for (var i = 0; i < sets.length; i++) {
      var mine = sets[i].getAttribute("data-variant") === sel.value;
      sets[i].hidden = !mine;
      sets[i].disabled = !mine;
    }
    if (link) { link.setAttribute("href", "/new?variant=" + encodeURIComponent(sel.value)); }
    if (box) { box.hidden = o.getAttribute("data-scenario") !== "1"; }
  };
  sel.addEventListener("change", sync);
  // a page the browser kept or refilled (Back) may show another 村 than it was made for
  sync();
  window.addEventListener("pageshow", sync);
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
// plain POST and its 303 redirect).  The desk answers the script 204 with the page's
// address (X-Desk-Location) instead of a redirect that fetch would follow: the game page
// is loaded once.  A second press while the first is on its way sends nothing.
document.addEventListener("submit", function (e) {
  var f = e.target;
  if (!f.hasAttribute || !f.hasAttribute("data-replace") || !window.fetch || !window.FormData) { return; }
  if (e.submitter && e.submitter.hasAttribute("formaction")) { return; }
  e.preventDefault();
  if (f.hasAttribute("data-sending")) { return; }
  f.setAttribute("data-sending", "1");
  var buttons = f.querySelectorAll("button[type=submit], button:not([type])");
  Array.prototype.forEach.call(buttons, function (b) { b.disabled = true; });
  var again = function () { f.removeAttribute("data-replace"); f.submit(); };
  fetch(f.action, { method: "POST", body: new FormData(f), credentials: "same-origin",
                    headers: { "X-Desk-Replace": "1" } })
    .then(function (r) {
      var to = r.headers.get("X-Desk-Location");
      if (r.status === 204 && to) { location.replace(to); } else { again(); }
    }, again);
});

// a long table (desk.css, table.long) lays each row out as a grid of its own, so that the
// row groups off screen are skipped; the columns' widths are set here (--cols) to those
// the same rows get as an ordinary table: an ordinary table of the header and the widest
// values of each column (the 64 widest, by their characters: that is what sets a column's
// width) is laid out out of sight at the table's width, and its columns' widths become the
// grid's (the text column, data-grow, takes what is left); again when the width changes
function Widest() { this.seen = []; this.kinds = []; }
Widest.prototype.add = function (groups) {  // each cell's text, once a column (not a chat's heading)
  for (var g = groups.firstElementChild; g; g = g.nextElementSibling) {
    if (g.tagName !== "TBODY") { continue; }
    for (var tr = g.firstElementChild; tr; tr = tr.nextElementSibling) {
      if (tr.className === "thread") { continue; }  // a chat's heading row spans the columns
      for (var td = tr.firstElementChild, i = 0; td; td = td.nextElementSibling, i++) {
        if (!this.seen[i]) { this.seen[i] = new Set(); this.kinds[i] = td.className; }
        this.seen[i].add(td.textContent);
      }
    }
  }
  return this;
};
Widest.prototype.values = function () {
  var width = function (t) {  // a wide (CJK) character counts two
    var w = t.length, k;
    for (k = 0; k < t.length; k++) { if (t.charCodeAt(k) >= 0x1100) { w++; } }
    return w;
  };
  return this.seen.map(function (set) {
    return Array.from(set).map(function (t) { return [width(t), t]; })
      .sort(function (x, y) { return y[0] - x[0]; }).slice(0, 64)
      .map(function (x) { return x[1]; });
  });
};
var longTables = !!(window.Set && window.CSS && CSS.supports("display", "grid"));
function sizeColumns(table, widest) {
  var head = table.tHead && table.tHead.rows[0];
  if (!longTables || !head) { return; }
  if (widest) { table.widest = widest; }
  if (!table.widest) { table.widest = new Widest().add(table); }
  var full = table.getBoundingClientRect().width;
  if (!full || full === table.sizedAt || !table.widest.seen.length) { return; }  // hidden (sized when shown), done, or empty
  var w = table.widest, values = w.values(), n = head.cells.length, i, r, v;
  var most = Math.max.apply(null, values.map(function (x) { return x.length; }));
  var probe = document.createElement("table");
  probe.className = table.className.replace(/\blong\b/, "");
  probe.setAttribute("aria-hidden", "true");
  probe.style.cssText = "position:absolute;left:0;top:0;visibility:hidden;width:" + full + "px";
  probe.appendChild(table.tHead.cloneNode(true));
  var body = probe.appendChild(document.createElement("tbody"));
  for (r = 0; r < most; r++) {
    var tr = body.insertRow();
    for (i = 0; i < n; i++) {
      var td = tr.insertCell();
      td.className = w.kinds[i] || "";
      v = values[i] && values[i][r];
      if (v) { td.textContent = v; }
    }
  }
  table.parentNode.insertBefore(probe, table);
  var cols = [];
  for (i = 0; i < n; i++) {
    cols.push(head.cells[i].hasAttribute("data-grow") ? "minmax(0, 1fr)"
      : probe.tHead.rows[0].cells[i].getBoundingClientRect().width + "px");
  }
  probe.remove();
  table.style.setProperty("--cols", cols.join(" "));
  table.sizedAt = full;
  if (!table.drawing && table.querySelector("tbody.later")) { table.drawing = true; drawLater(table); }
}
var sizeAll = function () { Array.prototype.forEach.call(document.querySelectorAll("table.long"), function (t) { sizeColumns(t); }); };
// a long table folded in the page (the chatter of a paste too big to keep, in a closed
// <details>): its groups but the first are later too, drawn once it is opened.  Not the
// chatter's page of its own: its rows are laid out while the page loads, before this runs
// (marked then, they were drawn twice: 5.4 s to the last row against 3.0 s)
Array.prototype.forEach.call(document.querySelectorAll("details:not([open]) table.long"), function (t) {
  for (var g = 1; longTables && g < t.tBodies.length; g++) { t.tBodies[g].classList.add("later"); }
});
sizeAll();
var resized = false;
window.addEventListener("resize", function () {
  if (!resized) { resized = true; requestAnimationFrame(function () { resized = false; sizeAll(); }); }
});
document.addEventListener("toggle", sizeAll, true);  // a long table in a <details> opened

// the later row groups of a long table (desk.css: skipped while off screen, so that the
// rows on screen are painted at once) drawn in order after the first frame, 25 ms of
// layout a task (a frame a group was slower: the browser's pre-paint walks every row
// drawn so far each frame): then every row is laid out and in the accessibility tree
// (Chromium leaves a skipped group out of it), the page answering in between
function drawLater(table) {
  var groups = table.querySelectorAll("tbody.later"), k = 0;
  var step = function () {
    var t = performance.now();
    while (k < groups.length && performance.now() - t < 25) {
      groups[k].classList.remove("later");
      groups[k++].getBoundingClientRect();  // its layout, here (the time measured)
    }
    if (k < groups.length) { setTimeout(step, 0); }
  };
  requestAnimationFrame(function () { setTimeout(step, 0); });
}

// a long night's chatter is not in the page: the button fetches its rows (no script: the
// link opens them as a page of their own).  They come as row groups (<tbody>, 100 rows
// each), parsed ten groups a task so that the page keeps answering (5,000 rows parsed at
// once were one task of 100 ms and more; 20,000 rows, 400 ms), each cell's text noted for
// the columns' widths as it comes; then all in the table at once (the groups but the
// first marked later), sized and shown, the later groups drawn after
var GROUPS_A_TASK = 10;
document.addEventListener("click", function (e) {
  var a = e.target.closest ? e.target.closest("a[data-rows]") : null;
  if (!a || !window.fetch) { return; }
  var table = document.getElementById(a.getAttribute("data-rows"));
  if (!table) { return; }
  e.preventDefault();
  if (a.hasAttribute("data-loading")) { return; }
  a.setAttribute("data-loading", "1");
  var href = a.getAttribute("href");
  fetch(href + "&part=1", { credentials: "same-origin" }).then(function (r) {
    if (!r.ok) { throw new Error(String(r.status)); }
    return r.text();
  }).then(function (html) {
    var groups = html.split("</tbody>"), tail = groups.pop(), parsed = [], k = 0;
    var range = document.createRange(), widest = new Widest();
    range.selectNodeContents(table);
    var step = function () {
      var part = groups.length ? groups.slice(k, k + GROUPS_A_TASK).join("</tbody>") + "</tbody>" : tail;
      var frag = range.createContextualFragment(part);
      widest.add(frag);
      for (var g = frag.firstElementChild; g && longTables; g = g.nextElementSibling) {
        if (g.tagName === "TBODY" && (k || g !== frag.firstElementChild)) { g.classList.add("later"); }
      }
      parsed.push(frag);
      k += GROUPS_A_TASK;
      if (k < groups.length) { setTimeout(step, 0); return; }
      parsed.forEach(function (f) { table.appendChild(f); });
      var box = document.getElementById("chatter-table");
      if (box) { box.hidden = false; }
      sizeColumns(table, widest);  // and the later groups drawn
      // the button goes away with the press: the keyboard's place moves to the rows it
      // showed (not to the page's start), without scrolling them
      var hadFocus = document.activeElement === a;
      a.hidden = true;
      a.removeAttribute("data-loading");
      a.setAttribute("data-shown", "1");
      if (hadFocus && table.focus) { table.focus({ preventScroll: true }); }
    };
    step();
  }).catch(function () { location.href = href; });
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

// back to a preview whose store was refused (kept by the browser as it was): pressable again
window.addEventListener("pageshow", function () {
  Array.prototype.forEach.call(document.querySelectorAll("form[data-sending]"), function (f) {
    f.removeAttribute("data-sending");
    Array.prototype.forEach.call(f.querySelectorAll("button"), function (b) { b.disabled = false; });
  });
});
