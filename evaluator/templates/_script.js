// Sorting and filtering, nothing else: the report must work as a file on disk.
(function () {
  "use strict";
  function cellValue(row, index) {
    var cell = row.children[index];
    if (!cell) return "";
    var key = cell.getAttribute("data-sort");
    return key !== null ? key : cell.textContent.trim();
  }
  function compare(a, b) {
    var x = parseFloat(a), y = parseFloat(b);
    if (!isNaN(x) && !isNaN(y) && String(x) === a.trim() && String(y) === b.trim()) return x - y;
    return a.localeCompare(b);
  }
  document.querySelectorAll("table.sortable thead th").forEach(function (th) {
    var button = th.querySelector("button");
    if (!button) return;
    button.addEventListener("click", function () {
      var table = th.closest("table"), body = table.tBodies[0];
      var index = Array.prototype.indexOf.call(th.parentNode.children, th);
      var descending = th.getAttribute("aria-sort") === "ascending";
      table.querySelectorAll("thead th").forEach(function (other) { other.removeAttribute("aria-sort"); });
      th.setAttribute("aria-sort", descending ? "descending" : "ascending");
      var rows = Array.prototype.slice.call(body.rows);
      rows.sort(function (r1, r2) {
        var order = compare(cellValue(r1, index), cellValue(r2, index));
        return descending ? -order : order;
      });
      rows.forEach(function (row) { body.appendChild(row); });
    });
  });
  function applyFilters(tableId) {
    var table = document.getElementById(tableId);
    if (!table) return;
    var text = document.querySelector('.filter-text[data-table="' + tableId + '"]');
    var status = document.querySelector('.filter-status[data-table="' + tableId + '"]');
    var needle = text ? text.value.toLowerCase() : "";
    var wanted = status ? status.value : "";
    Array.prototype.forEach.call(table.tBodies[0].rows, function (row) {
      var matchText = !needle || row.textContent.toLowerCase().indexOf(needle) >= 0;
      var statuses = (row.getAttribute("data-statuses") || "").split(" ");
      var matchStatus = !wanted || statuses.indexOf(wanted) >= 0;
      row.hidden = !(matchText && matchStatus);
    });
  }
  document.querySelectorAll(".filter-text, .filter-status").forEach(function (input) {
    input.addEventListener("input", function () { applyFilters(input.getAttribute("data-table")); });
  });
})();
