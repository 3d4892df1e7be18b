// Sorting, filtering, and drawing what the page holds as data (each suite's matrix past
// its first page, and the questions table of a drill-down when it opens). Nothing is
// fetched: the report must work as one file on disk.
(function () {
  "use strict";
  var slice = Array.prototype.slice;

  // -- Data blocks, parsed on first use ------------------------------------------------
  var parsed = {};
  function data(id) {
    if (!(id in parsed)) {
      var block = document.getElementById(id);
      parsed[id] = block ? JSON.parse(block.textContent) : null;
    }
    return parsed[id];
  }

  // -- Building rows (text only: everything goes in as text nodes) ----------------------
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    if (attrs) Object.keys(attrs).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    (children || []).forEach(function (c) {
      node.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
    });
    return node;
  }
  // A name with a line break opportunity after each . / _ (as the template's `breakable`).
  function breakable(tag, text) {
    var node = el(tag);
    String(text).split(/([./_])/).forEach(function (part, i) {
      if (!part) return;
      node.appendChild(document.createTextNode(part));
      if (i % 2 === 1) node.appendChild(document.createElement("wbr"));
    });
    return node;
  }
  function qAnchor(d, p, q) { return "q--" + d.suite + "--" + d.projections[p][1] + "--" + d.questions[q][3]; }
  function rowAnchor(d, q) { return "row--" + d.suite + "--" + d.questions[q][3]; }
  function cellStatus(d, q, p) { return d.statuses[parseInt(d.cells[q].charAt(p), 36)]; }

  function matrixRow(d, q) {
    var question = d.questions[q];
    var words = [], cells = [];
    d.projections.forEach(function (proj, p) {
      var s = cellStatus(d, q, p), href, title;
      words.push(s[0] + " ");
      if (proj[2] !== null) {
        href = "#proj--" + d.suite + "--" + proj[1];
        title = proj[2];
      } else {
        href = "#" + qAnchor(d, p, q);
        title = d.answers[p][q].map(function (n) { return d.needs[n]; })
          .filter(function (n) { return d.statuses[n[1]][0] !== "ok"; })
          .map(function (n) { return n[0] + ": " + d.statuses[n[1]][0]; }).join("; ") || "answerable";
      }
      cells.push(el("td", {"class": "cell " + s[2], "data-status": s[0], title: title}, [
        el("a", {href: href}, [el("span", {"aria-hidden": "true"}, [s[1]]), " " + s[0]])
      ]));
    });
    return el("tr", {id: rowAnchor(d, q), "data-statuses": words.join("")}, [
      el("th", {scope: "row"}, [el("code", null, [question[0]]), " " + question[1]]),
      el("td", {"class": "num", "data-sort": question[2]}, [question[2]])
    ].concat(cells));
  }

  // -- The matrix: filter, sort and page over the suite's data -------------------------
  function Matrix(table) {
    this.table = table;
    this.d = data(table.getAttribute("data-source"));
    this.order = this.d.questions.map(function (_, i) { return i; });
    this.shown = Math.min(this.d.page, this.order.length);
    this.drawn = false;  // the first page is in the HTML until something changes
  }
  Matrix.prototype.visible = function () {
    var id = this.table.id, d = this.d;
    var text = document.querySelector('.filter-text[data-table="' + id + '"]');
    var status = document.querySelector('.filter-status[data-table="' + id + '"]');
    var needle = text ? text.value.toLowerCase() : "", wanted = status ? status.value : "";
    return this.order.filter(function (q) {
      var question = d.questions[q];
      var words = d.projections.map(function (_, p) { return cellStatus(d, q, p)[0]; });
      if (wanted && words.indexOf(wanted) < 0) return false;
      if (!needle) return true;
      var hay = (question[0] + " " + question[1] + " " + question[2] + " " + words.join(" ")).toLowerCase();
      return hay.indexOf(needle) >= 0;
    });
  };
  Matrix.prototype.draw = function () {
    var rows = this.visible(), body = this.table.tBodies[0], d = this.d;
    var fragment = document.createDocumentFragment();
    rows.slice(0, this.shown).forEach(function (q) { fragment.appendChild(matrixRow(d, q)); });
    body.textContent = "";
    body.appendChild(fragment);
    this.drawn = true;
    var count = document.querySelector('.matrix-count[data-table="' + this.table.id + '"]');
    if (count) {
      var n = rows.length, shown = Math.min(this.shown, n);
      count.querySelector(".shown").textContent = shown < n
        ? "Showing " + shown.toLocaleString("en") + " of " + n.toLocaleString("en") + " questions."
        : n.toLocaleString("en") + " question" + (n === 1 ? "" : "s") + ".";
      count.querySelectorAll("button").forEach(function (b) { b.hidden = shown >= n; });
    }
  };
  Matrix.prototype.sort = function (column, descending) {
    var d = this.d;
    var key = column === 1
      ? function (q) { return parseFloat(d.questions[q][2]); }
      : function (q) { return d.questions[q][0] + " " + d.questions[q][1]; };
    this.order.sort(function (a, b) {
      var x = key(a), y = key(b);
      var order = typeof x === "number" ? x - y : x.localeCompare(y);
      return (descending ? -order : order) || a - b;
    });
    this.draw();
  };
  // Draw up to the row with this id (a link into the matrix past its first page).
  Matrix.prototype.reveal = function (id) {
    var d = this.d, q = d.questions.findIndex(function (_, i) { return rowAnchor(d, i) === id; });
    if (q < 0) return;
    var at = this.visible().indexOf(q);
    if (at < 0) {  // filtered out: clear the filters
      document.querySelectorAll('[data-table="' + this.table.id + '"]').forEach(function (input) {
        if (input.matches("input, select")) input.value = "";
      });
      at = this.visible().indexOf(q);
    }
    if (at >= this.shown || !this.drawn) {
      this.shown = Math.max(this.shown, at + 1);
      this.draw();
    }
  };
  var matrices = {};
  document.querySelectorAll("table.matrix[data-source]").forEach(function (table) {
    if (data(table.getAttribute("data-source"))) matrices[table.id] = new Matrix(table);
  });
  document.querySelectorAll(".filter-text, .filter-status").forEach(function (input) {
    input.addEventListener("input", function () {
      var m = matrices[input.getAttribute("data-table")];
      if (m) { m.shown = m.d.page; m.draw(); }
    });
  });
  document.querySelectorAll(".matrix-count button").forEach(function (button) {
    button.addEventListener("click", function () {
      var m = matrices[button.getAttribute("data-table")];
      if (!m) return;
      m.shown = button.classList.contains("all") ? m.order.length : m.shown + m.d.page;
      m.draw();
    });
  });

  // -- A drill-down's questions table, drawn when it opens -----------------------------
  function drawQuestions(details) {
    var body = details.querySelector("table.needs tbody");
    if (!body || body.getAttribute("data-drawn")) return;
    var d = data(details.getAttribute("data-source")), p = +details.getAttribute("data-index");
    if (!d || !d.answers[p]) return;
    var fragment = document.createDocumentFragment();
    d.answers[p].forEach(function (needs, q) {
      var question = d.questions[q], answerable = cellStatus(d, q, p)[0] === "ok";
      needs.forEach(function (n, i) {
        var need = d.needs[n], s = d.statuses[need[1]];
        var head = el("th", {scope: "row"}, [el("code", null, [question[0]])]);
        if (i === 0) {
          head.appendChild(document.createTextNode(" "));
          head.appendChild(el("span", {"class": "muted"}, [
            "weight " + question[2] + " · " + (answerable ? "answerable" : "not answerable")
          ]));
        }
        var row = el("tr", i === 0 ? {id: qAnchor(d, p, q)} : null, [
          head,
          el("td", null, [breakable("code", need[0])]),
          el("td", {"class": s[2]}, [el("span", {"aria-hidden": "true"}, [s[1]]), " " + s[0]]),
          el("td", null, [need[2]]),
          el("td", null, [breakable("code", need[3])])
        ]);
        fragment.appendChild(row);
      });
    });
    body.appendChild(fragment);
    body.setAttribute("data-drawn", "1");
  }
  document.querySelectorAll("details.projection").forEach(function (details) {
    details.addEventListener("toggle", function () { if (details.open) drawQuestions(details); });
  });

  // -- Links to what is folded away or not drawn yet -----------------------------------
  function reveal(id) {
    if (!id) return null;
    var target = document.getElementById(id);
    if (!target && id.indexOf("row--") === 0) {
      Object.keys(matrices).forEach(function (k) { matrices[k].reveal(id); });
      target = document.getElementById(id);
    }
    if (!target && id.indexOf("q--") === 0) {
      document.querySelectorAll("details.projection").forEach(function (details) {
        var d = data(details.getAttribute("data-source"));
        var prefix = "q--" + d.suite + "--" + d.projections[+details.getAttribute("data-index")][1] + "--";
        if (id.indexOf(prefix) === 0) drawQuestions(details);
      });
      target = document.getElementById(id);
    }
    for (var node = target; node; node = node.parentElement) {
      if (node.tagName === "DETAILS" && !node.open) {
        node.open = true;
        if (node.classList.contains("projection")) drawQuestions(node);
      }
    }
    return target;
  }
  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest('a[href^="#"]') : null;
    if (link) reveal(decodeURIComponent(link.getAttribute("href").slice(1)));
  });
  function revealHash() {
    var target = reveal(decodeURIComponent(location.hash.slice(1)));
    if (target) target.scrollIntoView();
  }
  window.addEventListener("hashchange", revealHash);
  if (location.hash) revealHash();
  // Print everything: every drill-down drawn, every matrix whole.
  window.addEventListener("beforeprint", function () {
    document.querySelectorAll("details.projection").forEach(drawQuestions);
    Object.keys(matrices).forEach(function (k) { matrices[k].shown = matrices[k].order.length; matrices[k].draw(); });
  });

  // -- Sorting any other table by its header buttons ------------------------------------
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
      var index = slice.call(th.parentNode.children).indexOf(th);
      var descending = th.getAttribute("aria-sort") === "ascending";
      table.querySelectorAll("thead th").forEach(function (other) { other.removeAttribute("aria-sort"); });
      th.setAttribute("aria-sort", descending ? "descending" : "ascending");
      if (matrices[table.id]) { matrices[table.id].sort(index, descending); return; }
      var details = table.closest("details.projection");
      if (details) drawQuestions(details);
      var rows = slice.call(body.rows);
      rows.sort(function (r1, r2) {
        var order = compare(cellValue(r1, index), cellValue(r2, index));
        return descending ? -order : order;
      });
      rows.forEach(function (row) { body.appendChild(row); });
    });
  });

  // -- The contents: mark the section being read ---------------------------------------
  if ("IntersectionObserver" in window) {
    var links = {};
    document.querySelectorAll('.toc a[href^="#"]').forEach(function (a) { links[a.getAttribute("href").slice(1)] = a; });
    var current = null;
    var observer = new IntersectionObserver(function (entries) {
      entries.forEach(function (entry) {
        if (!entry.isIntersecting) return;
        var link = links[entry.target.id];
        if (!link) return;
        if (current) current.removeAttribute("aria-current");
        link.setAttribute("aria-current", "true");
        current = link;
      });
    }, {rootMargin: "0px 0px -70% 0px"});
    Object.keys(links).forEach(function (id) {
      var node = document.getElementById(id);
      if (node) observer.observe(node);
    });
  }
})();
