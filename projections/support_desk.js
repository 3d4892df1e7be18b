#!/usr/bin/env node
// compact_v2 of projections/support_desk.py, in JavaScript: the support desk's ticket page
// as the agent reads it. A `command:` projection: projeval_protocol.js speaks projeval's
// JSON Lines protocol for it (see the README): one request per line on stdin, one response
// per line on stdout, and the protocol's edits extension. It runs for the whole suite.
"use strict";

const fs = require("node:fs");
const path = require("node:path");
const { serve } = require("./projeval_protocol.js");

const FIXTURES = path.join(__dirname, "..", "fixtures", "support_desk");
const load = (name) => JSON.parse(fs.readFileSync(path.join(FIXTURES, name), "utf8"));

// Loaded once: user id -> {name, email, team}, organization id -> {name, plan}.
const USERS = load("users.json");
const ORGS = load("organizations.json");
// Labels for the integer codes the API sends.
const STATUS = new Map([[1, "new"], [2, "pending"], [3, "open"], [4, "resolved"], [5, "closed"]]);
const PRIORITY = new Map([[1, "low"], [2, "high"], [3, "urgent"]]);

// Python's `x or {}`: empty and false values give the fallback (JS keeps {} and []).
const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const orEmpty = (v) => (isObject(v) && Object.keys(v).length ? v : {});
const get = (obj, key) => (isObject(obj) && Object.hasOwn(obj, key) ? obj[key] : null);
const label = (table, code) => (typeof code === "number" ? table.get(code) ?? null : null);

function relatedId(item, name) {
  const rel = orEmpty(get(orEmpty(get(item, "relationships")), name));
  return get(orEmpty(get(rel, "data")), "id");
}

function displayName(table, key) {
  return typeof key === "string" ? get(orEmpty(get(table, key)), "name") : null;
}

const cut = (text, length) => (typeof text === "string" ? text.slice(0, length) : null);
const shortId = (id) => (typeof id === "string" ? id.split("-")[0] : null);

function ticket(item) {
  const attrs = orEmpty(get(item, "attributes"));
  const tags = get(attrs, "tags");
  const org = relatedId(item, "organization");
  return {
    id: shortId(get(item, "id")),
    subject: get(attrs, "subject"),
    status: label(STATUS, get(attrs, "status_code")),
    priority: label(PRIORITY, get(attrs, "priority")),
    assignee: displayName(USERS, relatedId(item, "assignee")),
    org: displayName(ORGS, org),
    // The id beside the name: search_tickets(org_id) takes the id, not the name.
    org_id: org,
    opened: cut(get(attrs, "created_at"), 13),
    updated: cut(get(attrs, "updated_at"), 10),
    sla_due: cut(get(attrs, "sla_due_at"), 16),
    channel: get(attrs, "channel"),
    tags: Array.isArray(tags) ? [...tags] : [],
  };
}

function compactV2(page) {
  const errors = get(page, "errors");
  if (!Object.hasOwn(page, "data") && Array.isArray(errors) && errors.length) {
    const first = orEmpty(errors[0]);
    return {
      error: {
        code: get(first, "code"),
        retry_after_seconds: get(orEmpty(get(first, "meta")), "retry_after_seconds"),
      },
    };
  }
  const out = {};
  const total = get(orEmpty(get(orEmpty(get(page, "meta")), "page")), "total");
  if (total !== null) out.total = total;
  const data = get(page, "data");
  out.tickets = Array.isArray(data) ? data.map(ticket) : [];
  return out;
}

serve(compactV2);
