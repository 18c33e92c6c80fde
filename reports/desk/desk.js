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
