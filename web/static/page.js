// cite-sentinel's page: live verdicts over server-sent events, each appended as one row;
// filter, sort and accept; keyboard keys j, k, a, e. The page works without it, less live.
"use strict";

(() => {
  const main = document.getElementById("main");
  if (!main) return;
  dropZones();
  if (main.dataset.check) checkPage(main);
  if (main.dataset.batch) batchPage(main);
})();

function dropZones() {
  for (const zone of document.querySelectorAll("[data-drop]")) {
    const input = zone.querySelector("input[type=file]");
    zone.addEventListener("dragover", (event) => { event.preventDefault(); zone.classList.add("over"); });
    zone.addEventListener("dragleave", () => zone.classList.remove("over"));
    zone.addEventListener("drop", (event) => {
      event.preventDefault();
      zone.classList.remove("over");
      if (event.dataTransfer && event.dataTransfer.files.length) input.files = event.dataTransfer.files;
    });
  }
}

function checkPage(main) {
  const table = () => document.getElementById("rows");  // replaced when the check is done
  const progress = document.getElementById("progress");
  const status = document.getElementById("status");
  const shown = () => new Set([...document.querySelectorAll("input[name=show]:checked")].map((box) => box.value));
  const filter = (row, visible) => { row.hidden = !visible.has(row.dataset.verdict) && row.dataset.verdict !== "pending"; };
  const filterAll = () => { const visible = shown(); for (const row of table().rows) filter(row, visible); };
  const order = () => document.getElementById("sort").value;
  const sortAll = () => {
    const by = order();
    table().append(...[...table().rows].sort((a, b) => compareRows(a, b, by)));
  };
  for (const box of document.querySelectorAll("input[name=show]")) box.addEventListener("change", filterAll);
  document.getElementById("sort").addEventListener("change", sortAll);
  document.addEventListener("submit", (event) => accept(event, table()));
  document.addEventListener("keydown", (event) => keys(event, table()));
  if (main.dataset.done === "1") return;

  const counts = {};
  for (const output of document.querySelectorAll("#counts output")) counts[output.dataset.count] = output;
  const events = new EventSource("events");
  events.addEventListener("total", (event) => {
    const total = JSON.parse(event.data).total;
    progress.max = Math.max(total, 1);
    status.textContent = `0 of ${total} references decided…`;
  });
  events.addEventListener("verdict", (event) => {
    const data = JSON.parse(event.data);
    const template = document.createElement("template");
    template.innerHTML = data.html;
    const row = template.content.firstElementChild;
    if (document.getElementById(row.id)) return;  // said again after a reconnection
    filter(row, shown());
    insertRow(table(), row, order());  // one row, not the table again
    const output = counts[data.verdict];
    if (output) output.textContent = String(Number(output.textContent) + 1);
    progress.value = data.decided;
    status.textContent = `${data.decided} of ${progress.max} references decided…`;
  });
  events.addEventListener("error", () => {
    if (events.readyState === EventSource.CLOSED) {
      status.textContent = "The server no longer answers for this check (was it restarted?); upload the files again.";
    }
  });
  events.addEventListener("done", async () => {
    events.close();
    await finish(main);
    filterAll();
    sortAll();
  });
}

// Rows in the order chosen: as read (their place in the files), or worst verdict first.
function compareRows(a, b, by) {
  const rank = by === "worst" ? Number(a.dataset.rank) - Number(b.dataset.rank) : 0;
  return rank || Number(a.dataset.order) - Number(b.dataset.order);
}

// A new row where it belongs among the sorted rows (a binary search: no other row moves).
function insertRow(body, row, by) {
  const rows = body.rows;
  let low = 0, high = rows.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (compareRows(rows[middle], row, by) <= 0) low = middle + 1; else high = middle;
  }
  body.insertBefore(row, rows[low] || null);
}

// The finished check's page, fetched once: its final rows, counts, downloads and findings.
async function finish(main) {
  const response = await fetch(location.href, { headers: { Accept: "text/html" } });
  const page = new DOMParser().parseFromString(await response.text(), "text/html");
  for (const id of ["rows", "counts", "status", "downloads", "findings", "groundedness"]) {
    const fresh = page.getElementById(id), old = document.getElementById(id);
    if (fresh && old) old.replaceWith(fresh);
  }
  const progress = document.getElementById("progress");
  progress.value = progress.max;
  main.dataset.done = "1";
}

async function accept(event, rows) {
  const form = event.target;
  if (!form.classList || !form.classList.contains("accept")) return;
  event.preventDefault();
  const response = await fetch(form.action, { method: "POST", body: new FormData(form), headers: { Accept: "application/json" } });
  if (!response.ok) return;
  const answer = await response.json();
  for (const row of rows.rows) {
    if (row.dataset.key !== answer.key) continue;
    row.toggleAttribute("data-accepted", answer.accepted);
    const button = row.querySelector(".accept button");
    button.textContent = answer.accepted ? "Accepted" : "Accept";
    button.setAttribute("aria-pressed", String(answer.accepted));
    row.querySelector(".accept input[name=accepted]").value = answer.accepted ? "0" : "1";
  }
}

function keys(event, rows) {
  const tag = event.target.tagName;
  if (event.ctrlKey || event.metaKey || event.altKey || ["INPUT", "TEXTAREA", "SELECT"].includes(tag)) return;
  const visible = [...rows.rows].filter((row) => !row.hidden);
  const current = document.activeElement && document.activeElement.closest ? document.activeElement.closest("tr.reference") : null;
  const at = visible.indexOf(current);
  if (event.key === "j" || event.key === "k") {
    const next = visible[event.key === "j" ? Math.min(at + 1, visible.length - 1) : Math.max(at - 1, 0)];
    if (next) { next.focus(); event.preventDefault(); }
  } else if (event.key === "a" && current) {
    current.querySelector(".accept button").click();
  } else if (event.key === "e" && current) {
    const details = current.querySelector("details.evidence");
    if (details) details.open = !details.open;
  }
}

function batchPage(main) {
  const rows = document.getElementById("rows");
  const progress = document.getElementById("progress");
  const status = document.getElementById("status");
  for (const button of document.querySelectorAll("th button[data-sort]")) {
    button.addEventListener("click", () => sortBatch(rows, button));
  }
  if (main.dataset.done === "1") return;
  const events = new EventSource("events");
  events.addEventListener("manuscript", (event) => {
    const data = JSON.parse(event.data);
    const row = document.getElementById(`m-${data.id}`);
    if (row) row.outerHTML = data.html;  // that manuscript's row only
    const done = [...rows.rows].filter((r) => r.dataset.state !== "waiting").length;
    progress.value = done;
    status.textContent = `${done} of ${rows.rows.length} manuscripts screened`;
  });
  events.addEventListener("done", () => { events.close(); main.dataset.done = "1"; });
}

function sortBatch(rows, button) {
  const key = button.dataset.sort;
  const header = button.closest("th");
  const ascending = header.getAttribute("aria-sort") !== "ascending";
  for (const th of header.parentElement.children) th.setAttribute("aria-sort", "none");
  header.setAttribute("aria-sort", ascending ? "ascending" : "descending");
  const value = (row) => {
    if (key === "name" || key === "state") return row.dataset[key];
    if (key === "references" || key === "worst") return Number(row.dataset[key]);
    const cell = row.querySelector(`td[data-count="${key}"]`);
    return cell ? Number(cell.textContent) : 0;
  };
  const sorted = [...rows.rows].sort((a, b) => {
    const x = value(a), y = value(b);
    const order = typeof x === "number" ? x - y : String(x).localeCompare(String(y));
    return ascending ? order : -order;
  });
  rows.append(...sorted);
}
