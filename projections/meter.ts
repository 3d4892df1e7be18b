#!/usr/bin/env node
// `json` of projections/meter.py, in TypeScript: the meter summary an agent decides on.
// A `command:` projection: projeval_protocol.js (typed by its JSDoc) speaks projeval's JSON
// Lines protocol for it (see the README). Node runs JavaScript, so the tests compile this
// file with the TypeScript compiler (`tsc -p projections/tsconfig.json`, installed by
// `make`; the helper is checked and written beside it) and run what it writes;
// tests/test_typescript.py pins that it gets the Python twin's verdicts.
import { serve } from "./projeval_protocol.js";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = { [key: string]: Json };

interface OpenAlert {
  kind: Json;
  severity: Json;
  opened_at: Json;
}

interface Summary {
  status: Json;
  open_alerts: OpenAlert[];
  last_reading?: { recorded_at: string; kwh: number };
  kwh_last_24h?: number;
  plan: Json;
  region: Json;
  id: Json;
  serial: Json;
  customer_id: Json;
  site_id: Json;
}

const isObject = (v: Json | undefined): v is Obj =>
  v !== null && typeof v === "object" && !Array.isArray(v);

// Python's truthiness: None, False, 0, "", [] and {} are false.
function truthy(v: Json | undefined): boolean {
  if (v === null || v === undefined) return false;
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === "object") return Object.keys(v).length > 0;
  return Boolean(v);
}

// `d.get(key)` of a dict; anything else has no .get, as in Python.
function get(d: Json, key: string): Json {
  if (!isObject(d)) throw new TypeError(`'${typeof d}' object has no attribute 'get'`);
  return Object.hasOwn(d, key) ? d[key] : null;
}

// `x or {}`
const orEmpty = (v: Json): Json => (truthy(v) ? v : {});

// datetime.fromisoformat, as milliseconds since the epoch.
function when(stamp: Json): number {
  if (typeof stamp !== "string") throw new TypeError("fromisoformat: argument must be str");
  const ms = Date.parse(stamp);
  if (Number.isNaN(ms)) throw new RangeError(`Invalid isoformat string: '${stamp}'`);
  return ms;
}

function records(doc: Json, kind: string): Obj[] {
  const included = orEmpty(get(doc, "included"));
  const items = Array.isArray(included) ? included : [];
  return items.filter((r): r is Obj => isObject(r) && get(r, "type") === kind);
}

function relatedId(meter: Json, name: string): Json {
  const rel = orEmpty(get(orEmpty(get(meter, "relationships")), name));
  return get(orEmpty(get(rel, "data")), "id");
}

// Python's sort key comparison for the keys used here: strings or numbers, never mixed.
function compare(a: string | number, b: string | number): number {
  if (typeof a !== typeof b) throw new TypeError("'<' not supported between str and number");
  return a < b ? -1 : a > b ? 1 : 0;
}

export function summary(doc: Json): Summary {
  const meter = orEmpty(get(doc, "data"));
  const attrs = orEmpty(get(meter, "attributes"));
  // The API lists included records in no particular order: sort before reading.
  const readings = records(doc, "reading")
    .map((r) => orEmpty(get(r, "attributes")))
    .filter((a) => truthy(get(a, "recorded_at")) && get(a, "kwh") !== null)
    .map((a) => ({ a: a as Obj, at: when(get(a, "recorded_at")) }))
    .sort((x, y) => compare(x.at, y.at));
  const alerts = records(doc, "alert").map((r) => orEmpty(get(r, "attributes")));
  const open = alerts
    .filter((a) => !truthy(get(a, "acknowledged")))
    .map((a) => {
      const at = get(a, "opened_at");
      return { a, key: truthy(at) ? (at as string | number) : "" };
    })
    .sort((x, y) => compare(x.key, y.key))
    .map(({ a }) => a);
  const out: Summary = {
    status: get(attrs, "status"),
    open_alerts: open.map((a) => ({
      kind: get(a, "kind"),
      severity: get(a, "severity"),
      opened_at: get(a, "opened_at"),
    })),
  } as Summary;
  if (readings.length) {
    const last = readings[readings.length - 1];
    const kwh = last.a.kwh as number;
    out.last_reading = { recorded_at: last.a.recorded_at as string, kwh };
    const dayBefore = last.at - 24 * 3600 * 1000;
    const then = readings.find((r) => r.at === dayBefore);
    if (then !== undefined) {
      // round(x, 1): ties of binary floats are too rare to differ
      out.kwh_last_24h = Number((kwh - (then.a.kwh as number)).toFixed(1));
    }
  }
  out.plan = get(attrs, "plan");
  out.region = get(attrs, "region");
  out.id = get(meter, "id");
  out.serial = get(attrs, "serial");
  out.customer_id = relatedId(meter, "customer");
  out.site_id = relatedId(meter, "site");
  return out;
}

serve(summary);
