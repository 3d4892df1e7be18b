// projeval's JSON Lines protocol for a `command:` projection, in one file with no
// dependencies (see the README, "Projections in any language"). Copy it beside your
// projection and hand it your function:
//
//     require("./projeval_protocol.js").serve((page) => ({ ids: page.data.map((t) => t.id) }));
//
// It answers {"id", "input"} with {"id", "output"} or {"id", "error"}, and speaks the
// protocol's `edits` extension: it announces it with a first line, {"hello": {"edits": true}},
// and projeval then sends each fixture once (a request marked "base") and every perturbed
// input as the few values that differ from it ({"id", "edits": [[path, value], ...]}), and
// reads the outputs of those as the few branches that differ from the base's output
// ({"id", "output_edits": [[path, value], ...]}). Lineage sends a few hundred inputs per
// fixture that differ from it in one value: node parses a few bytes instead of the whole
// fixture, and projeval reads a few bytes instead of the whole output.
//
// `project` is called with one input at a time and must return (not a Promise). The base
// is frozen and shared by the inputs built from it: a projection that writes into its input
// gets a TypeError (in strict code; sloppy code's writes do nothing), so copy before you
// change. Reading and writing are synchronous (fs.readSync on descriptor 0), with no
// stream or event loop in between: most of a call's time is the projection's own.
"use strict";

const fs = require("node:fs");

/** Output edits beyond this many send the whole output. */
const MAX_OUTPUT_EDITS = 16;

/**
 * Answer projeval's requests on stdin until it ends.
 * @param {(input: any) => any} project the projection: raw response in, what the model reads out
 * @param {{edits?: boolean}} [options] `edits: false` speaks the plain protocol only
 */
function serve(project, options = {}) {
  const useEdits = options.edits !== false;
  /** @type {any} the last input marked "base", frozen */
  let base;
  /** @type {Ref | null} the base's output as projeval read it: what output edits refer to */
  let reference = null;

  /** @param {string} line */
  function answer(line) {
    /** @type {any} */
    let id = null;
    try {
      const request = JSON.parse(line);
      id = request.id;
      let input;
      const derived = useEdits && Array.isArray(request.edits);
      if (derived) {
        if (base === undefined) throw new Error("edits of no base (projeval sends a base first)");
        input = base;
        for (const [path, value] of request.edits) input = setIn(input, path, 0, value);
      } else {
        input = request.input;
        if (useEdits && request.base) {
          base = deepFreeze(input);
          reference = null;
        }
      }
      const output = project(input);
      if (!plain(output)) return JSON.stringify({ id, output });
      // What JSON.stringify({id, output}) writes, with the output's text kept.
      const text = JSON.stringify(output);
      const head = `{"id":${JSON.stringify(id)},`;
      if (derived && reference !== null) {
        const changes = outputEdits(reference, output, text);
        if (changes !== null) return `${head}"output_edits":[${changes.join(",")}]}`;
      } else if (useEdits && request.base) {
        reference = new Ref(JSON.parse(text), text);
      }
      return `${head}"output":${text}}`;
    } catch (error) {
      const e = /** @type {any} */ (error);
      const said = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
      return JSON.stringify({ id, error: said });
    }
  }

  if (useEdits) writeAll('{"hello":{"edits":true}}\n');
  let buffer = Buffer.allocUnsafe(1 << 16);
  let start = 0;
  let end = 0;
  for (;;) {
    if (end === buffer.length) {
      // A line longer than what is left: move it to the front, or make room for it.
      const bigger = start === 0 ? Buffer.allocUnsafe(buffer.length * 2) : buffer;
      buffer.copy(bigger, 0, start, end);
      end -= start;
      start = 0;
      buffer = bigger;
    }
    const read = readSome(buffer, end);
    if (read === 0) return; // stdin ended: projeval is done with us
    let scan = end;
    end += read;
    let out = "";
    for (;;) {
      const newline = buffer.indexOf(10, scan);
      if (newline < 0 || newline >= end) break;
      const line = buffer.toString("utf8", start, newline).trim();
      start = scan = newline + 1;
      if (line) out += answer(line) + "\n";
    }
    if (start === end) start = end = 0;
    // The answers to all the lines that came together, in one write.
    if (out) writeAll(out);
  }
}

/**
 * Read what stdin has into `buffer` from `at`; 0 once it ended.
 * @param {Buffer} buffer
 * @param {number} at
 * @returns {number}
 */
function readSome(buffer, at) {
  for (;;) {
    try {
      return fs.readSync(0, buffer, at, buffer.length - at, null);
    } catch (error) {
      const code = /** @type {NodeJS.ErrnoException} */ (error).code;
      if (code === "EOF") return 0;
      if (code !== "EAGAIN") throw error;
      pause(); // stdin is non-blocking (another part of the program opened it as a stream)
    }
  }
}

/** @param {string} text */
function writeAll(text) {
  const data = Buffer.from(text, "utf8");
  let done = 0;
  while (done < data.length) {
    try {
      done += fs.writeSync(1, data, done, data.length - done);
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== "EAGAIN") throw error;
      pause(); // stdout is non-blocking (console.log opened it) and the pipe is full
    }
  }
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));
function pause() {
  Atomics.wait(sleeper, 0, 0, 1);
}

/**
 * A copy of `value` with `next` at `path[at:]`, sharing every branch off the path (the
 * keys keep their order).
 * @param {any} value
 * @param {(string | number)[]} path
 * @param {number} at
 * @param {any} next
 * @returns {any}
 */
function setIn(value, path, at, next) {
  if (at === path.length) return next;
  const key = path[at];
  const copy = Array.isArray(value) ? value.slice() : { ...value };
  const inner = setIn(value[key], path, at + 1, next);
  if (key === "__proto__") {
    // Data in JSON, not the prototype: defineProperty, as JSON.parse makes it.
    Object.defineProperty(copy, key, { value: inner, writable: true, enumerable: true, configurable: true });
  } else {
    copy[key] = inner;
  }
  return copy;
}

/**
 * @param {any} value
 * @returns {any}
 */
function deepFreeze(value) {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze(value[key]);
  }
  return value;
}

/** A branch of the base's output (parsed from its JSON), its JSON text, and its children's. */
class Ref {
  /**
   * @param {any} value
   * @param {string} text
   */
  constructor(value, text) {
    this.value = value;
    this.text = text;
    /** @type {Ref[] | Map<string, Ref> | undefined} made when first needed */
    this.kids = undefined;
  }

  /** @returns {Ref[] | Map<string, Ref>} */
  children() {
    if (this.kids === undefined) {
      const v = this.value;
      if (Array.isArray(v)) {
        this.kids = v.map((x) => new Ref(x, JSON.stringify(x)));
      } else {
        this.kids = new Map(Object.keys(v).map((k) => [k, new Ref(v[k], JSON.stringify(v[k]))]));
      }
    }
    return this.kids;
  }
}

/**
 * The output edits (each `[path,value]` as JSON text) that turn the base's output into
 * `now` (whose JSON is `text`), or null when there are too many. By JSON text: a branch is
 * unchanged when it writes the same JSON as the base's, and a changed branch is looked into
 * only when it is an array or plain object of the base's length or keys; anything else is
 * sent as the JSON it writes, so that projeval reads what it would read from the whole.
 * @param {Ref} ref
 * @param {any} now
 * @param {string} text
 * @returns {string[] | null}
 */
function outputEdits(ref, now, text) {
  /** @type {string[]} */
  const out = [];
  /** @type {(string | number)[]} */
  const path = [];

  /**
   * @param {Ref} r
   * @param {any} b
   * @param {string} t
   * @returns {boolean} false: too many edits
   */
  function walk(r, b, t) {
    if (t === r.text) return true;
    const a = r.value;
    if (a !== null && b !== null && typeof a === "object" && typeof b === "object" && plain(b)) {
      if (Array.isArray(b)) {
        if (Array.isArray(a) && a.length === b.length) {
          const kids = /** @type {Ref[]} */ (r.children());
          for (let i = 0; i < b.length; i++) {
            const kid = JSON.stringify(b[i]);
            if (kid === undefined) return false; // written as null: send it all
            path.push(i);
            const going = walk(kids[i], b[i], kid);
            path.pop();
            if (!going) return false;
          }
          return true;
        }
      } else if (!Array.isArray(a)) {
        const keys = Object.keys(b);
        const was = Object.keys(a);
        if (keys.length === was.length && keys.every((k, i) => k === was[i])) {
          const kids = /** @type {Map<string, Ref>} */ (r.children());
          for (const k of keys) {
            const kid = JSON.stringify(b[k]);
            if (kid === undefined) return false; // a key JSON leaves out: send it all
            path.push(k);
            const going = walk(/** @type {Ref} */ (kids.get(k)), b[k], kid);
            path.pop();
            if (!going) return false;
          }
          return true;
        }
      }
    }
    out.push(`[${JSON.stringify(path)},${t}]`);
    return out.length <= MAX_OUTPUT_EDITS;
  }

  return walk(ref, now, text) ? out : null;
}

/**
 * An array, or an object JSON.stringify writes as its own keys (no toJSON, no class).
 * @param {any} value
 * @returns {boolean}
 */
function plain(value) {
  if (value === null || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value);
  if (Array.isArray(value)) return proto === Array.prototype;
  return (proto === Object.prototype || proto === null) && !("toJSON" in value);
}

module.exports = { serve };
