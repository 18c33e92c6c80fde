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
