// Search over players, villages and game titles, without a server: the index is
// sharded by character (search/manifest.json); a query fetches the smallest shard of its
// characters and keeps the entries whose folded key holds the folded query.  Names are
// folded as the roster folds them (adjudicator.normalize.name_key): NFKC, lower case, no
// spaces, katakana as hiragana.
(function () {
  "use strict";
  var box = document.getElementById("search");
  if (!box || !window.fetch) return;
  var root = box.getAttribute("data-root") || "";
  function fold(text) {
    var s = text.normalize("NFKC").toLowerCase().replace(/\s+/g, "");
    var out = "";
    for (var i = 0; i < s.length; i++) {
      var c = s.charCodeAt(i);
      if (c >= 0x30a1 && c <= 0x30f6) c -= 0x60;
      else if (c === 0x30fd || c === 0x30fe) c -= 0x60;
      out += String.fromCharCode(c);
    }
    return out;
  }
  var input = document.createElement("input");
  input.type = "search";
  input.id = "search-input";
  input.placeholder = "名前・ゲーム・村で検索";
  input.setAttribute("aria-label", "名前・ゲーム・村で検索");
  input.setAttribute("autocomplete", "off");
  var list = document.createElement("ul");
  list.id = "search-results";
  list.hidden = true;
  list.setAttribute("role", "list");
  box.appendChild(input);
  box.appendChild(list);
  var manifest = null, shards = {}, seq = 0;
  function json(path) {
    return fetch(root + path).then(function (r) {
      if (!r.ok) throw new Error(path);
      return r.json();
    });
  }
  function show(items) {
    list.textContent = "";
    items.slice(0, 30).forEach(function (e) {
      var li = document.createElement("li");
      var a = document.createElement("a");
      a.href = root + e[3];
      a.textContent = e[1];
      var small = document.createElement("small");
      small.textContent = e[2];
      a.appendChild(small);
      li.appendChild(a);
      list.appendChild(li);
    });
    if (!items.length) {
      var li = document.createElement("li");
      li.textContent = "見つかりません";
      list.appendChild(li);
    }
    list.hidden = false;
  }
  function search() {
    var q = fold(input.value);
    var mine = ++seq;
    if (!q) { list.hidden = true; return; }
    (manifest ? Promise.resolve(manifest) : json("search/manifest.json")).then(function (m) {
      manifest = m;
      var best = null;
      for (var i = 0; i < q.length; i++) {
        var s = m[q[i]];
        if (!s) return [];
        if (!best || s[1] < best[1]) best = s;
      }
      if (shards[best[0]]) return shards[best[0]];
      return json("search/" + best[0] + ".json").then(function (d) { shards[best[0]] = d; return d; });
    }).then(function (entries) {
      if (mine !== seq) return;
      var seen = {};
      show(entries.filter(function (e) {
        if (e[0].indexOf(q) < 0 || seen[e[3]]) return false;
        seen[e[3]] = true;
        return true;
      }));
    }).catch(function () { if (mine === seq) show([]); });
  }
  input.addEventListener("input", search);
  input.addEventListener("keydown", function (ev) { if (ev.key === "Escape") list.hidden = true; });
})();
