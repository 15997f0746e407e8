// Unit tests of protocol.js (node --test): every message a guest may send, accepted with good
// fields and refused, in plain words, with any field bad, missing or extra; what the host sends,
// checked for its shape; the checks every message goes through (size, depth, poisoned keys,
// version); encode() and the rate limiter.
import { test } from "node:test";
import assert from "node:assert/strict";
import { encode, MAX_HOST_BYTES, MAX_INTENT_BYTES, parseFromHost, parseIntent, parseText, RATE, rateLimiter,
         VERSION } from "./protocol.js";

/** A result as it would cross the wire (keys whose value is undefined left out). */
const plain = (x) => JSON.parse(JSON.stringify(x));
/** A guest's message as text, of this version. */
const guest = (t, fields = {}) => JSON.stringify({ v: VERSION, t, ...fields });
const intent = (t, fields) => plain(parseIntent(guest(t, fields)));
const fromHost = (t, fields) => plain(parseFromHost(JSON.stringify({ v: VERSION, t, ...fields })));

const RELOAD = "reload this page; if that does not help, the host reloads theirs";
const versionError = (theirs) => `this page and the other run different versions of Moteplay (version ${theirs}, this page version ${VERSION}): ${RELOAD}`;

const TOKEN = "tok_EN-1234";
const ID = "r-1_A";

/** Each intent with good fields, and for each field the values refused. */
const INTENTS = {
  hello: { good: { nonce: TOKEN },
           bad: { nonce: [undefined, "short", "x".repeat(65), "has space1", 12345678, null] } },
  join: { good: { seat: 1, secret: TOKEN, device: "device-01", contribution: "part-0001" },
          bad: { seat: [undefined, -1, 16, 1.5, "1", true], secret: [undefined, "1234567", "bad.secret", null],
                 device: [undefined, "", "d".repeat(65)], contribution: [undefined, "no", {}] } },
  act: { good: { id: ID, action: "draw", at: 12 },
         bad: { id: [undefined, "", "x".repeat(25), "a b", "a.b", "é", 7, null],
                action: [undefined, "", "a".repeat(201), 3, null, ["draw"]],
                at: [undefined, -1, 1e7 + 1, 1.5, "12", null, Number.NaN] } },
  undo: { good: { id: ID, at: 0 },
          bad: { id: [undefined, "x".repeat(25), "a/b"], at: [undefined, -1, 2.5, "0"] } },
  hint: { good: { id: ID, at: 3 },
          bad: { id: [undefined, "", "a+b"], at: [undefined, 1e7 + 1, false] } },
  replay: { good: { id: ID, step: 4, seat: 2, open: false },
            bad: { id: [undefined, "x".repeat(25)], step: [-1, 1.5, "4", null], seat: [-1, 16, "2"],
                   open: ["yes", 1, null] } },
  pong: { good: {}, bad: {} },
  bye: { good: {}, bad: {} },
};

// ------------------------------------------------------------------ what a guest sends
test("every intent is accepted with good fields, as sent", () => {
  for (const [t, { good }] of Object.entries(INTENTS)) {
    assert.deepEqual(intent(t, good), { ok: true, msg: { v: VERSION, t, ...good } }, t);
  }
});

test("the edges of each field are accepted", () => {
  const ok = (t, fields) => assert.equal(parseIntent(guest(t, fields)).ok, true, `${t} ${JSON.stringify(fields)}`);
  ok("join", { ...INTENTS.join.good, seat: null });  // the table screen
  ok("join", { ...INTENTS.join.good, seat: 0 });
  ok("join", { ...INTENTS.join.good, seat: 15 });
  ok("hello", { nonce: "x".repeat(8) });
  ok("hello", { nonce: "x".repeat(64) });
  ok("act", { id: "a", action: "a", at: 0 });
  ok("act", { id: "Az09_-".repeat(4), action: "a".repeat(200), at: 1e7 });
  ok("undo", { id: "x".repeat(24), at: 1e7 });
  ok("replay", { id: ID });                                   // the game's steps
  ok("replay", { id: ID, step: 0 });
  ok("replay", { id: ID, step: 0, seat: null, open: true });  // everyone's hands, at the end
});

test("each bad or missing field is refused, naming the field, with the request's id when it is good", () => {
  let cases = 0;
  for (const [t, { good, bad }] of Object.entries(INTENTS)) {
    for (const [field, values] of Object.entries(bad)) {
      for (const value of values) {
        const fields = { ...good, [field]: value };
        if (value === undefined) delete fields[field];
        const reply = parseIntent(guest(t, fields));
        const re = field === "id" || !("id" in good) ? {} : { re: ID };
        assert.deepEqual(plain(reply), { ok: false, ...re, error: `bad or missing field “${field}” in ${t}` },
                         `${t}.${field} = ${JSON.stringify(value)}`);
        cases += 1;
      }
    }
  }
  assert.equal(cases, 68);
});

test("an extra field is refused, naming it, with the request's id when it is good", () => {
  for (const [t, { good }] of Object.entries(INTENTS)) {
    assert.deepEqual(intent(t, { ...good, seat2: 1 }),
                     { ok: false, ...("id" in good ? { re: ID } : {}), error: `unexpected field “seat2” in ${t}` }, t);
  }
  // a seat named in an act (the host takes the seat from the connection, never from the message)
  assert.deepEqual(intent("act", { id: "m7", action: "draw", at: 1, seat: 2 }),
                   { ok: false, re: "m7", error: "unexpected field “seat” in act" });
  // an id where there is none: the refusal names it all the same
  assert.deepEqual(intent("join", { ...INTENTS.join.good, id: "j1" }), { ok: false, re: "j1", error: "unexpected field “id” in join" });
  assert.deepEqual(intent("pong", { x: 1 }), { ok: false, error: "unexpected field “x” in pong" });
  // a bad id and an extra field: the refusal has no id
  assert.deepEqual(intent("act", { id: "a b", action: "draw", at: 1, more: 1 }), { ok: false, error: "unexpected field “more” in act" });
  // a long field name is cut in the error
  assert.deepEqual(intent("undo", { id: ID, at: 1, ["k".repeat(100)]: 1 }),
                   { ok: false, re: ID, error: `unexpected field “${"k".repeat(30)}” in undo` });
  // extra fields are found before bad ones
  assert.deepEqual(intent("act", { id: ID, at: -5, cheat: true }), { ok: false, re: ID, error: "unexpected field “cheat” in act" });
});

test("ids: 1 to 24 letters, digits, _ or -; a refusal carries only a good one", () => {
  const id = (value) => plain(parseIntent(guest("undo", { id: value, at: -1 })));
  for (const good of ["a", "Z", "0", "_", "-", "abcXYZ019_-", "x".repeat(24)]) {
    assert.deepEqual(id(good), { ok: false, re: good, error: "bad or missing field “at” in undo" }, good);
  }
  for (const bad of ["", "x".repeat(25), "x".repeat(1000), "a b", "a\nb", "a.b", "a:b", "ü", "?", "<b>", 12, 0, true, null, [], {}]) {
    assert.deepEqual(id(bad), { ok: false, error: "bad or missing field “id” in undo" }, JSON.stringify(bad));
  }
});

test("an unknown type is refused, its name cut short", () => {
  assert.deepEqual(intent("cheat", {}), { ok: false, error: "unknown message type “cheat”" });
  assert.deepEqual(intent("c".repeat(100), {}), { ok: false, error: `unknown message type “${"c".repeat(30)}”` });
  // names of the object's own machinery are no types
  for (const t of ["toString", "hasOwnProperty", "valueOf", "__proto__", "constructor", "proof", "state", "refused"]) {
    assert.deepEqual(intent(t, {}), { ok: false, error: `unknown message type “${t}”` }, t);
  }
  // with a good id (a guest of this version never sends an unknown type): no `re`
  assert.deepEqual(intent("cheat", { id: ID }), { ok: false, error: "unknown message type “cheat”" });
});

// ------------------------------------------------------------------ the checks of every message
test("poisoned keys are refused at any depth, in either direction", () => {
  const poisoned = [
    '{"v":2,"t":"act","id":"a","action":"x","at":0,"__proto__":{"seat":2}}',
    '{"__proto__":{"v":2},"v":2,"t":"pong"}',
    '{"v":2,"t":"act","id":"a","action":"x","at":0,"extra":{"constructor":{"prototype":{"x":1}}}}',
    '{"v":2,"t":"replay","id":"a","deep":[1,{"a":[[{"b":{"prototype":true}}]]}]}',
    '{"v":1,"t":"pong","prototype":1}',  // before the version
  ];
  const keys = ["__proto__", "__proto__", "constructor", "prototype", "prototype"];
  poisoned.forEach((text, i) => {
    const error = `the message has a forbidden key (${keys[i]})`;
    assert.deepEqual(plain(parseIntent(text)), { ok: false, error }, text);
    assert.deepEqual(plain(parseFromHost(text)), { ok: false, error }, text);
  });
  // in a state's view from the host too
  const state = { v: VERSION, t: "state", rev: 1, at: 0, status: {}, table: { game: "motto", seats: [] },
                  view: { hand: [{ id: 1, constructor: "x" }] } };
  assert.deepEqual(plain(parseFromHost(JSON.stringify(state))), { ok: false, error: "the message has a forbidden key (constructor)" });
  // nothing reached a prototype
  assert.equal(({}).seat, undefined);
  assert.equal(Object.prototype.x, undefined);
  // the words alone, as values, are fine
  assert.equal(parseIntent(guest("act", { id: ID, action: "__proto__", at: 0 })).ok, true);
});

test("a message nested deeper than 40 levels is refused", () => {
  const nested = (levels, inner) => `{"v":2,"t":"x","x":${"[".repeat(levels)}${inner}${"]".repeat(levels)}}`;
  // the message is level 0: 40 levels below it are allowed, never a 41st
  assert.equal(parseText(nested(39, "0"), 1e6).ok, true);
  assert.equal(parseText(nested(40, ""), 1e6).ok, true);
  assert.deepEqual(parseText(nested(40, "0"), 1e6), { ok: false, error: "the message is nested too deeply" });
  assert.deepEqual(parseText(nested(41, ""), 1e6), { ok: false, error: "the message is nested too deeply" });
  const objects = (levels) => `{"v":2,"t":"act",${'"a":{'.repeat(levels)}${"}".repeat(levels)}}`;
  assert.deepEqual(plain(parseIntent(objects(41))), { ok: false, error: "the message is nested too deeply" });
  assert.deepEqual(plain(parseIntent(objects(40))), { ok: false, error: "unexpected field “a” in act" });
  // far deeper: refused, quickly, with no stack overflow
  const deep = `{"v":2,"t":"state","view":${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}}`;
  assert.ok(deep.length < MAX_HOST_BYTES);
  assert.deepEqual(plain(parseFromHost(deep)), { ok: false, error: "the message is nested too deeply" });
});

test("a message over the size limit is refused before it is read", () => {
  const pad = (text, length) => text.slice(0, -1) + " ".repeat(length - text.length) + "}";
  const act = guest("act", { id: ID, action: "draw", at: 1 });
  assert.equal(MAX_INTENT_BYTES, 4096);
  assert.equal(pad(act, MAX_INTENT_BYTES).length, MAX_INTENT_BYTES);
  assert.equal(parseIntent(pad(act, MAX_INTENT_BYTES)).ok, true);
  assert.deepEqual(plain(parseIntent(pad(act, MAX_INTENT_BYTES + 1))),
                   { ok: false, error: "the message is too large (4097 characters, at most 4096)" });
  // not even parsed: broken JSON of that size is refused for its size
  assert.deepEqual(plain(parseIntent("{".repeat(5000))), { ok: false, error: "the message is too large (5000 characters, at most 4096)" });

  assert.equal(MAX_HOST_BYTES, 4_000_000);
  const ping = encode("ping");
  assert.equal(parseFromHost(pad(ping, MAX_HOST_BYTES)).ok, true);
  assert.deepEqual(plain(parseFromHost(pad(ping, MAX_HOST_BYTES + 1))),
                   { ok: false, error: "the message is too large (4000001 characters, at most 4000000)" });
  // a guest's limit is not the host's
  assert.equal(parseFromHost(pad(ping, MAX_INTENT_BYTES * 10)).ok, true);
});

test("not JSON text, not an object, no type", () => {
  for (const data of [undefined, null, 42, new ArrayBuffer(8), { v: 2, t: "pong" }, ["{}"]]) {
    assert.deepEqual(plain(parseIntent(data)), { ok: false, error: "a message must be JSON text" }, String(data));
    assert.deepEqual(plain(parseFromHost(data)), { ok: false, error: "a message must be JSON text" }, String(data));
  }
  for (const text of ["", "{", '{"v":2,"t":"act",', "{'v':2}", "undefined", "NaN", '{"v":2,"t":"pong"}x']) {
    assert.deepEqual(plain(parseIntent(text)), { ok: false, error: "the message is not valid JSON" }, text);
    assert.deepEqual(plain(parseFromHost(text)), { ok: false, error: "the message is not valid JSON" }, text);
  }
  for (const text of ["null", "[1,2,3]", "[]", "3", '"pong"', "true"]) {
    assert.deepEqual(plain(parseIntent(text)), { ok: false, error: "a message must be a JSON object" }, text);
    assert.deepEqual(plain(parseFromHost(text)), { ok: false, error: "a message must be a JSON object" }, text);
  }
  for (const text of ['{"v":2}', '{"v":2,"t":5}', '{"v":2,"t":null}', '{"v":2,"t":["act"]}', '{"v":2,"type":"act"}']) {
    assert.deepEqual(plain(parseIntent(text)), { ok: false, error: "a message needs a type" }, text);
    assert.deepEqual(plain(parseFromHost(text)), { ok: false, error: "a message needs a type" }, text);
  }
});

test("a message of another version is refused with that version and a word to reload", () => {
  assert.equal(VERSION, 2);
  const act = { t: "act", id: ID, action: "draw", at: 1 };
  for (const [v, version] of [[1, 1], [3, 3], [0, 0], [-4, -4]]) {
    const text = JSON.stringify({ v, ...act });
    const expected = { ok: false, version, error: versionError(v) };
    assert.deepEqual(plain(parseIntent(text)), expected, text);  // no `re`: the host answers "?"
    assert.deepEqual(plain(parseFromHost(JSON.stringify({ v, t: "ping" }))), expected, text);
  }
  // no version, or not a whole number: version null, still told to reload
  for (const v of [undefined, "2", 2.5, null, [2], { n: 2 }, "v".repeat(100)]) {
    const reply = parseIntent(JSON.stringify({ v, ...act }));
    assert.equal(reply.ok, false, String(v));
    assert.equal(reply.version, null, String(v));
    assert.ok(reply.error.startsWith("this page and the other run different versions of Moteplay ("), reply.error);
    assert.ok(reply.error.endsWith(`(no version this page knows, this page version ${VERSION}): ${RELOAD}`), reply.error);
    assert.ok(reply.error.length < 200, reply.error);
    assert.equal(parseFromHost(JSON.stringify({ v, t: "ping" })).version, null, String(v));
  }
  // the version is checked before the type and the fields
  assert.deepEqual(plain(parseIntent('{"v":1,"t":"cheat","x":1}')), { ok: false, version: 1, error: versionError(1) });
  assert.deepEqual(plain(parseIntent('{"v":1}')), { ok: false, version: 1, error: versionError(1) });
  // a refusal for anything else has no `version`
  assert.equal("version" in parseIntent(guest("act", { id: ID })), false);
  assert.equal("version" in parseFromHost(encode("state", {})), false);
});

test("the error for a message with no version, or a version as text, reads well", () => {
  const error = (v) => parseIntent(JSON.stringify({ v, t: "act", id: ID, action: "draw", at: 1 })).error;
  assert.doesNotMatch(error(undefined), /undefine\b/);
  assert.doesNotMatch(error("2"), /\(2 and 2\)/);
});

// ------------------------------------------------------------------ what the host sends
const TABLE = { game: "motto", title: "Motto", seats: [{ name: "Robo", kind: "bot" }, { name: "Ada", kind: "remote" }] };
const HEX = "0123456789abcdef".repeat(4);
const FROM_HOST = {
  proof: { nonce: TOKEN, peer: "peer-1", sig: "c2lnbmF0dXJl", commitment: HEX, host: "Host" },
  seated: { seat: 1, table: TABLE, waiting: false },
  deal: { commitment: HEX },
  state: { rev: 7, at: 12, status: { actions: 12 }, view: { hand: [] }, table: TABLE },
  refused: { re: ID, error: "That move is not possible." },
  undone: { re: ID, undone: { id: "draw", label: "Draw a card" } },
  hint: { re: ID, reply: { ok: true, action: "draw" } },
  replay: { re: ID, reply: { ok: true, steps: 3 } },
  reveal: { at: 30, secret: "s".repeat(43), contributions: ["a", "b"], save: { game: "motto", actions: [] } },
  ping: {},
};

test("every message of the host is accepted with its fields, as sent", () => {
  for (const [t, fields] of Object.entries(FROM_HOST)) {
    assert.deepEqual(fromHost(t, fields), { ok: true, msg: { v: VERSION, t, ...fields } }, t);
    assert.deepEqual(plain(parseFromHost(encode(t, fields))), { ok: true, msg: { v: VERSION, t, ...fields } }, t);
  }
  const ok = (t, fields) => assert.equal(fromHost(t, fields).ok, true, `${t} ${JSON.stringify(fields)}`);
  ok("seated", { ...FROM_HOST.seated, seat: null, waiting: true });  // the table screen, before the deal
  ok("seated", { ...FROM_HOST.seated, table: { ...TABLE, seats: [] } });
  ok("state", { ...FROM_HOST.state, re: ID });                         // caused by this guest's request
  ok("state", { ...FROM_HOST.state, rev: 0, at: 0 });
  ok("state", { ...FROM_HOST.state, rev: 1e9, at: 1e7 });
  ok("refused", { re: "?", error: "Too many messages: slow down." }); // a message with no good id
  ok("refused", { re: "join", error: "Say hello first." });           // one that has none
  ok("refused", { re: ID, error: "The game moved on.", stale: true });
  ok("refused", { re: "?", error: versionError(3), version: VERSION });
  ok("hint", { re: ID, reply: { ok: false, error: "Hints are off at this table." } });
  ok("reveal", { ...FROM_HOST.reveal, contributions: [] });
});

test("each message of the host with a bad or missing field is refused", () => {
  const bad = {
    proof: { nonce: [undefined, "short"], peer: [undefined, 5], sig: [undefined, null], host: [undefined, 1],
             commitment: [undefined, HEX.toUpperCase(), HEX.slice(1), `${HEX}0`, `${HEX.slice(1)}g`] },
    seated: { seat: [undefined, -1, 16, "1"], waiting: [undefined, "no", 0],
              table: [undefined, null, [], { seats: [] }, { game: "motto" }, { game: "motto", seats: [{ name: 3 }] },
                      { game: "motto", seats: [null] }, { game: 1, seats: [] }] },
    deal: { commitment: [undefined, "abc", HEX.toUpperCase()] },
    state: { rev: [undefined, -1, 1.5, 1e9 + 1, "7", null], at: [undefined, -1, 1e7 + 1, "12"],
             status: [undefined, null, [], "x"], view: [undefined, null, [1]],
             table: [undefined, { game: "motto", seats: {} }], re: ["?", "", "x".repeat(25), 5, null] },
    refused: { re: [undefined, 5, null], error: [undefined, 5, { text: "x" }] },
    undone: { re: [undefined, "?", "x".repeat(25), 1], undone: [undefined, null, {}, { label: 5 }, "Draw"] },
    hint: { re: [undefined, "?", ""], reply: [undefined, null, [], "ok"] },
    replay: { re: [undefined, "?", "a b"], reply: [undefined, null, [], 1] },
    reveal: { secret: [undefined, 1], contributions: [undefined, "abc", {}], save: [undefined, null, [], "save"] },
  };
  let cases = 0;
  for (const [t, fields] of Object.entries(bad)) {
    for (const [field, values] of Object.entries(fields)) {
      for (const value of values) {
        const msg = { ...FROM_HOST[t], [field]: value };
        if (value === undefined) delete msg[field];
        assert.deepEqual(fromHost(t, msg), { ok: false, error: `unexpected ${t} message` }, `${t}.${field} = ${JSON.stringify(value)}`);
        cases += 1;
      }
    }
  }
  assert.equal(cases, 93);
  // an unknown type, or a guest's message sent back
  for (const t of ["cheat", "act", "hello", "join", "toString", "__proto__", "x".repeat(50)]) {
    assert.deepEqual(fromHost(t, {}), { ok: false, error: `unexpected ${t.slice(0, 30)} message` }, t);
  }
});

// ------------------------------------------------------------------ encode, the rate limit
test("encode() writes the version and the type first, and reads back the same", () => {
  assert.equal(encode("ping"), `{"v":${VERSION},"t":"ping"}`);
  assert.equal(encode("act", { id: "3", action: "draw", at: 5 }), `{"v":${VERSION},"t":"act","id":"3","action":"draw","at":5}`);
  for (const [t, { good }] of Object.entries(INTENTS)) {
    assert.deepEqual(plain(parseIntent(encode(t, good))), { ok: true, msg: { v: VERSION, t, ...good } }, t);
  }
  // a field whose value is undefined is left out (an optional field not given)
  assert.deepEqual(plain(parseIntent(encode("replay", { id: ID, step: undefined, seat: undefined }))),
                   { ok: true, msg: { v: VERSION, t: "replay", id: ID } });
  const text = encode("state", { ...FROM_HOST.state, re: "9" });
  assert.deepEqual(parseFromHost(text), { ok: true, msg: JSON.parse(text) });
});

/** A clock the test moves by hand (milliseconds). */
function clock() {
  let t = 1000;
  const now = () => t;
  now.advance = (ms) => { t += ms; };
  return now;
}
const takes = (limiter, n) => Array.from({ length: n }, () => limiter.take());
const count = (limiter, n) => takes(limiter, n).filter(Boolean).length;

test("the rate limiter allows a burst, then refills per second", () => {
  const now = clock();
  const limiter = rateLimiter({ burst: 3, perSecond: 2 }, now);
  assert.deepEqual(takes(limiter, 5), [true, true, true, false, false]);
  now.advance(250);   // half a message
  assert.equal(limiter.take(), false);
  now.advance(250);   // the other half: one message
  assert.deepEqual(takes(limiter, 2), [true, false]);
  now.advance(1000);  // two messages
  assert.deepEqual(takes(limiter, 3), [true, true, false]);
  // refused messages cost nothing: a steady 2 a second goes through
  for (let i = 0; i < 20; i += 1) {
    now.advance(500);
    assert.deepEqual(takes(limiter, 2), [true, false], `second ${i / 2}`);
  }
});

test("the rate limiter never holds more than its burst", () => {
  const now = clock();
  const limiter = rateLimiter({ burst: 3, perSecond: 2 }, now);
  now.advance(3_600_000);  // an hour of silence
  assert.deepEqual(takes(limiter, 4), [true, true, true, false]);
  now.advance(1000);
  assert.equal(count(limiter, 10), 2);
  now.advance(10_000);
  assert.equal(count(limiter, 10), 3);
});

test("the default rate: a burst of 30, then 10 a second", () => {
  assert.deepEqual(RATE, { burst: 30, perSecond: 10 });
  const now = clock();
  const limiter = rateLimiter(undefined, now);
  assert.equal(count(limiter, 1000), 30);
  now.advance(100);
  assert.deepEqual(takes(limiter, 2), [true, false]);
  now.advance(1000);
  assert.equal(count(limiter, 100), 10);
  now.advance(60_000);
  assert.equal(count(limiter, 100), 30);
  // with the page's own clock
  assert.equal(rateLimiter().take(), true);
});
