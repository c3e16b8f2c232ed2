#!/usr/bin/env python3
"""A minimal tool-search implementation that speaks the conformance protocol.

It is a starting point for an implementation in another language, written from
spec/ alone, with Python's standard library only. Run it with

    npx tool-search-conformance --stdio "python3 conformance/examples/python/minimal_adapter.py" \
        --expectations conformance/examples/python/minimal_adapter.expectations.txt

It claims no optional feature (spec/conformance.md, r[conformance.case.features]),
so the runner sends it only the cases that need none: the default options (or
invalid ones), `begin` and `call` steps. Everything those cases observe is here:
option validation, canonical names, the in-memory store, the meta-tools with
their input checks and texts, receipts, the order of the exposed tools, and a scorer that follows
the BM25F formula of spec/search.md but tokenizes naively (no folding, case
splitting, stemming, stopwords, CJK segmentation or approximate matching).
The cases that notice are listed, with the rule each breaks, in
minimal_adapter.expectations.txt: add a rule, remove its line.
"""

import hashlib
import hmac
import json
import math
import re
import sys

PROTOCOL = 2  # r[conformance.protocol.handshake]
IMPLEMENTATION = {"name": "minimal-python", "version": "0.1.0"}
FEATURES = []  # claims nothing optional
SEARCH_TOOLS, LOAD_TOOL = "search_tools", "load_tool"
META = (SEARCH_TOOLS, LOAD_TOOL)
CLOCK_EPOCH = 1_767_225_600_000  # r[conformance.protocol.clock]: never advances here (no `clock` feature)


class ConstructionError(Exception):
    """The constructor rejects its options (r[processor.options.validate])."""


class Unsupported(Exception):
    """An option this implementation does not support: the case is skipped (r[conformance.protocol.skip])."""


def shorten(text):
    """At most 64 UTF-16 code units of a model-supplied string, for messages, cut with "…" and
    never inside a surrogate pair (r[processor.input.bounded])."""
    units = 0
    for i, ch in enumerate(text):
        units += 2 if ord(ch) > 0xFFFF else 1
        if units > 64:
            return text[:i] + "…"
    return text


def value_text(value):
    """How a message renders a model-supplied value (`{value}` of r[processor.texts.own])."""
    if isinstance(value, str):
        return json.dumps(shorten(value), ensure_ascii=False)
    if isinstance(value, list):
        return f"an array of {len(value)}"
    if value is None:
        return "null"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, bool):
        return f"boolean {'true' if value else 'false'}"
    return f"number {shorten(json.dumps(value))}"


# The texts the model reads (r[processor.texts.mastra], r[processor.texts.own]), by ID.
TEXTS = {
    "instruction.explicit": "To discover available tools, call search_tools with a keyword query. To add one or more tools "
                            "to the conversation, call load_tool with a toolName or toolNames array. Tools must be loaded "
                            "before they can be used.",
    "search.found": "Found {count} tool(s). Use load_tool with an exact toolName or a toolNames array to make them available.",
    "search.none": 'No tools found matching "{query}". Try different keywords.',
    "load.loaded": 'Tool "{name}" loaded successfully. It will be available on your next turn.',
    "load.already-loaded": 'Tool "{name}" is already loaded and available.',
    "load.not-found.suggest": 'Tool "{name}" not found. Did you mean: {suggestions}?',
    "load.not-found.search": 'Tool "{name}" not found. Use search_tools to find available tools.',
    "load.multi.loaded": "Loaded: {names} — available on your next turn",
    "load.multi.already-loaded": "Already loaded: {names}",
    "load.multi.not-found": "Not found: {names}",
    "load.multi.separator": " | ",
    "load.empty-tool-names": "toolNames array must not be empty.",
    "load.no-argument": "You must provide either toolName (string) or toolNames (array) to load.",
    "search.input.not-object": "search_tools expects { query: string }, received {value}.",
    "search.input.query-type": 'search_tools: "query" must be a string, received {value}.',
    "search.input.query-length": 'search_tools: "query" must be at most {max} characters, received {length}.',
    "load.input.not-object": "load_tool expects { toolName?: string, toolNames?: string[] }, received {value}.",
    "load.input.tool-names-type": 'load_tool: "toolNames" must be an array of strings, received {value}.',
    "load.input.tool-names-count": 'load_tool: "toolNames" may hold at most {max} names, received {count}. Load fewer tools at once.',
    "load.input.name-type": 'load_tool: "{field}" must be a string, received {value}.',
    "load.input.name-length": 'load_tool: "{field}" must be at most {max} characters, received {length} ({value}).',
}


def text(text_id, **values):
    out = TEXTS[text_id]
    for key, value in values.items():
        out = out.replace("{" + key + "}", str(value))
    return out


def length_text(value, limit):
    """`{length}` of r[processor.texts.own]: code points, or `more than {max}` for a very long value."""
    return f"more than {limit}" if len(value.encode("utf-16-le")) // 2 > 2 * limit else str(len(value))


def is_int(value):
    return not isinstance(value, bool) and isinstance(value, (int, float)) and float(value).is_integer() and abs(value) <= 2**53 - 1


def is_number(value):
    return not isinstance(value, bool) and isinstance(value, (int, float)) and math.isfinite(value)


# -- Options (r[processor.options.validate], r[processor.options.defaults]) --------------------


def build_options(options):
    """The constructor options of a case: the typed options, then `raw` over them (r[conformance.protocol.raw])."""
    built = {key: options[key] for key in ("search", "storage", "ttl", "includeResolvedTools", "injectCatalog", "filter") if key in options}
    for key, value in options.get("raw", {}).items():
        before = built.get(key)
        built[key] = {**before, **value} if isinstance(before, dict) and isinstance(value, dict) else value
    return built


def receipt_keys(secret):
    """r[store.receipts.secret]: a string of at least 32 UTF-8 bytes, or a non-empty array of them; first one signs."""
    secrets = secret if isinstance(secret, list) and secret else [secret]
    keys = []
    for i, one in enumerate(secrets):
        where = f"receiptSecret[{i}]" if isinstance(secret, list) else "receiptSecret"
        try:
            # A lone surrogate has no UTF-8 encoding: such a string is rejected.
            key = one.encode("utf-8") if isinstance(one, str) else None
        except UnicodeEncodeError:
            key = None
        if key is None or len(key) < 32:
            raise ConstructionError(f"{where} must be a well-formed string of at least 32 UTF-8 bytes, or a non-empty array of them")
        keys.append(key)
    return keys


def receipt_mac(key, meta_tool, thread, tool_call_id, names):
    """r[store.receipts.mac]: HMAC-SHA256 over length-prefixed UTF-8 fields; None when a field is not well formed."""
    fields = ["tool-search-receipt", "1", meta_tool, thread, tool_call_id, str(len(names)), *names]
    try:
        message = b"".join(len(f.encode("utf-8")).to_bytes(4, "big") + f.encode("utf-8") for f in fields)
    except UnicodeEncodeError:  # a lone surrogate has no UTF-8 encoding
        return None
    return hmac.new(key, message, hashlib.sha256).hexdigest()


def is_tool(value):
    """A tool of `tools` (r[processor.options.validate]): an object whose id, when present, is a non-empty string."""
    return isinstance(value, dict) and (("id" not in value) or (isinstance(value["id"], str) and value["id"] != "")) \
        and (("description" not in value) or isinstance(value["description"], str))


def validate_more(options):
    """The options this example does not implement, which can still arrive through `raw`: each is checked as
    r[processor.options.validate] says, in the terms it gives. A JSON value is never a function."""
    def fail(path, allowed, value):
        got = shorten(value) if isinstance(value, str) else value  # r[processor.options.bounded-echo]
        raise ConstructionError(f"{path} must be {allowed}, got {json.dumps(got, ensure_ascii=False)}")
    tools = options.get("tools", {})
    if not isinstance(tools, dict):
        fail("tools", "a record of tools", tools)
    for key, tool in tools.items():
        if not is_tool(tool):
            fail(f"tools.{shorten(key)}", "a tool object whose id, when present, is a non-empty string and whose description, when present, is a string", tool)
    limit = 2_147_483_647
    for path, ok, allowed in (
        ("maxThreads", lambda v: is_int(v) and v >= 1, "a positive integer"),
        ("indexCacheMaxBytes", lambda v: is_int(v) and v >= 0, "a non-negative integer"),
        ("filterTimeoutMs", lambda v: is_int(v) and 1 <= v <= limit, "an integer from 1 to 2147483647"),
        ("filterConcurrency", lambda v: is_int(v) and v >= 1, "a positive safe integer"),
        ("filterBudgetMs", lambda v: is_int(v) and 1 <= v <= limit, "an integer from 1 to 2147483647"),
        ("clock", lambda v: False, "a function"),
        ("onEvent", lambda v: False, "a function"),
        ("pinnedTools", lambda v: isinstance(v, list) and all(isinstance(n, str) for n in v), "an array of tool names or a function"),
        ("includeQueriesInEvents", lambda v: isinstance(v, bool), "a boolean"),
    ):
        if path in options and not ok(options[path]):
            fail(path, allowed, options[path])
    if "timers" in options:
        timers = options["timers"]
        if not isinstance(timers, dict):
            fail("timers", "an object whose setTimeout and clearTimeout are functions", timers)
        for name in ("setTimeout", "clearTimeout"):
            fail(f"timers.{name}", "a function", timers.get(name))
    if "prefetch" in options:
        prefetch = options["prefetch"]
        if not isinstance(prefetch, dict):
            fail("prefetch", "an object { maxTools?, minScore? }", prefetch)
        if "maxTools" in prefetch and not (is_int(prefetch["maxTools"]) and prefetch["maxTools"] >= 1):
            fail("prefetch.maxTools", "a positive integer", prefetch["maxTools"])
        if "minScore" in prefetch and not (is_number(prefetch["minScore"]) and 0 <= prefetch["minScore"] <= 1):
            fail("prefetch.minScore", "a number in [0, 1]", prefetch["minScore"])


def validate(options):
    """Checks the options and returns (topK, minScore, ttl); the first invalid one is a ConstructionError."""
    search = options.get("search", {})
    if not isinstance(search, dict):
        raise ConstructionError("search must be an object { topK?, minScore?, autoLoad? }")
    top_k = search.get("topK", 5)
    if not is_int(top_k) or top_k < 1:
        raise ConstructionError(f"search.topK must be a positive integer, got {json.dumps(top_k)}")
    min_score = search.get("minScore", 0)
    if not is_number(min_score) or not 0 <= min_score <= 1:
        raise ConstructionError(f"search.minScore must be a number in [0, 1], got {json.dumps(min_score)}")
    ttl = options.get("ttl", 3_600_000)
    if not is_number(ttl) or ttl < 0:
        raise ConstructionError(f"ttl must be a finite number >= 0, got {json.dumps(ttl)}")
    storage = options.get("storage", "in-memory")
    if storage not in ("in-memory", "context"):
        got = shorten(storage) if isinstance(storage, str) else storage  # r[processor.options.bounded-echo]
        raise ConstructionError(f"storage must be 'in-memory' or 'context', got {json.dumps(got, ensure_ascii=False)}")
    bridged = options.get("maxBridgedThreads", 10_000)  # r[processor.options.max-bridged-threads]
    if not is_int(bridged) or bridged < 0:
        raise ConstructionError("maxBridgedThreads must be a non-negative safe integer")
    remembered = options.get("maxRememberedMessages", 200_000)  # r[processor.options.max-remembered-messages]
    if not is_int(remembered) or remembered < 0:
        raise ConstructionError("maxRememberedMessages must be a non-negative safe integer")
    for path, value in (("includeResolvedTools", options.get("includeResolvedTools", False)),
                        ("injectCatalog", options.get("injectCatalog", False)),
                        ("search.autoLoad", search.get("autoLoad", False))):
        if not isinstance(value, bool):
            raise ConstructionError(f"{path} must be a boolean")
        if value:
            raise Unsupported(f"{path}: true is not implemented")
    validate_more(options)
    if storage == "context":
        raise Unsupported("storage 'context' is not implemented")
    if "filter" in options:
        raise Unsupported("the filter is not implemented")
    return top_k, min_score, ttl


# -- Search (spec/search.md) -------------------------------------------------------------------


def terms(text):
    """Naive terms: lower-cased runs of letters, marks and digits; single letters dropped (r[search.tokenize.min-length])."""
    words = re.findall(r"[^\W_]+", text.lower())
    return [w for w in words if len(w) > 1 or w.isdigit()]


class Index:
    """A BM25F index of a catalog (r[search.score.field-weight] … r[search.score.formula])."""

    def __init__(self, tools):
        self.tools = tools  # [(name, description)], catalog order
        self.docs = [(terms(name), terms(desc)) for name, desc in tools]
        lengths = [len(d) for _, d in self.docs]
        self.avg = sum(lengths) / len(lengths) if lengths else 0
        name_lengths = [len(n) for n, _ in self.docs]
        self.avg_name = sum(name_lengths) / len(name_lengths) if name_lengths else 0
        self.df = {}
        for name_terms, desc_terms in self.docs:
            for t in set(name_terms) | set(desc_terms):
                self.df[t] = self.df.get(t, 0) + 1

    def strength(self, term, i):
        name_terms, desc_terms = self.docs[i]
        norm = 1 if self.avg == 0 else 0.7 + 0.3 * len(desc_terms) / self.avg
        name_norm = 1 if self.avg_name == 0 else 0.75 + 0.25 * len(name_terms) / self.avg_name
        tf = 1.6 * name_terms.count(term) / name_norm + desc_terms.count(term) / norm
        return tf / (tf + 5)  # r[search.score.saturation]

    def rank(self, query, min_score):
        """Candidates at or above min_score, by score descending then catalog order (r[search.rank.order])."""
        query_terms = terms(query)
        scored = sorted({t for t in query_terms if t in self.df})
        if not scored:
            return []
        n = len(self.tools)
        # r[search.score.idf], r[search.score.term-weight]: idf^1.25, times 2f / (1 + f) for a term the query has f times
        weight = {t: math.log(1 + (n - self.df[t] + 0.5) / (self.df[t] + 0.5)) ** 1.25 * 2 * query_terms.count(t) / (1 + query_terms.count(t)) for t in scored}
        total = sum(weight[t] for t in scored)
        out = []
        for i, (name, desc) in enumerate(self.tools):
            if not any(t in self.docs[i][0] or t in self.docs[i][1] for t in scored):
                continue
            score = sum(weight[t] * self.strength(t, i) for t in scored) / total
            score = math.floor(score * 10_000 + 0.5) / 10_000  # r[search.score.rounding]
            if score >= min_score:  # r[search.threshold.min-score]
                out.append((-score, i, name, desc, score))
        return [(name, desc, score) for _, _, name, desc, score in sorted(out)]


def truncate(description):
    """r[search.result.truncate]: more than 150 code points → the first 147 and `...`."""
    return description if len(description) <= 150 else description[:147] + "..."


# -- The processor -------------------------------------------------------------------------------


def js_number_text(number):
    """A number as JavaScript's `String` spells it (`42`, `1.5`, `1e+21`), for r[processor.thread.numeric]."""
    if isinstance(number, int) or (number.is_integer() and abs(number) < 1e21):
        return str(int(number))
    return re.sub(r"e([+-])0*(\d)", r"e\1\2", repr(number))


def thread_of(context):
    """r[processor.thread.resolve]: `mastra__threadId`, else the memory context's thread id, else none."""
    direct = context.get("mastra__threadId")
    if isinstance(direct, str) and direct:
        return direct
    if is_number(direct):  # a finite number names the thread of its decimal string
        return js_number_text(direct)
    memory = context.get("MastraMemory")
    thread = memory.get("thread") if isinstance(memory, dict) else None
    thread_id = thread.get("id") if isinstance(thread, dict) else None
    return thread_id if isinstance(thread_id, str) and thread_id else None


class Processor:
    def __init__(self, catalog, options):
        options = build_options(options)
        self.top_k, self.min_score, self.ttl = validate(options)
        self.keys = receipt_keys(options["receiptSecret"]) if "receiptSecret" in options else None
        if isinstance(options.get("tools"), dict):  # raw tools merge over the catalog's record (r[conformance.protocol.raw])
            merged = {entry["name"]: entry for entry in catalog}
            for key, tool in options["tools"].items():
                merged[key] = {"name": key, **({"id": tool["id"]} if "id" in tool else {}), "description": tool.get("description", "")}
            catalog = list(merged.values())
        self.by_name = {}  # canonical name → catalog entry (r[processor.names.canonical])
        self.alias = {}  # record key → canonical name (r[processor.names.alias])
        self.key_of = {}  # canonical name → record key
        for entry in catalog:
            name = entry["name"] if entry.get("withoutId") else entry.get("id", entry["name"])
            if not 1 <= len(name) <= 256:  # r[processor.names.length], in code points
                raise ConstructionError(f"tools.{shorten(entry['name'])}: a name must have 1 to 256 characters")
            if name in META:
                raise ConstructionError(f"tools.{shorten(entry['name'])}: the name {name!r} is reserved for the meta-tool")
            if name in self.by_name:
                raise ConstructionError(f"tools.{shorten(entry['name'])}: its name {name!r} is that of tools.{shorten(self.by_name[name]['name'])}")
            self.by_name[name] = entry
            self.alias.setdefault(entry["name"], name)
            self.key_of[name] = entry["name"]
        self.index = Index([(name, e["description"]) for name, e in self.by_name.items()])
        self.threads = {}  # r[store.memory.per-thread]: thread → {"tools": [...], "last": ms}
        self.step = None

    def resolve(self, name):
        """A name from the model → canonical name: the canonical name wins over a key (r[processor.names.collision])."""
        return name if name in self.by_name else self.alias.get(name)

    # The in-memory store (spec/stores.md): exact TTL from the last access, no entry without a tool.
    # It holds names as they were activated (r[processor.names.exposure]).
    def loaded(self, thread):
        entry = self.threads.get(thread)
        if entry is None:
            return []
        if self.ttl > 0 and CLOCK_EPOCH - entry["last"] > self.ttl:  # r[store.memory.ttl.exact]
            del self.threads[thread]
            return []
        entry["last"] = CLOCK_EPOCH
        return [name for name in entry["tools"] if self.resolve(name) is not None]

    def activate(self, thread, names):
        known = [name for name in names if self.resolve(name) is not None]
        if not known:
            return  # r[store.memory.read-creates-nothing]
        entry = self.threads.setdefault(thread, {"tools": [], "last": CLOCK_EPOCH})
        entry["last"] = CLOCK_EPOCH
        entry["tools"] += [name for name in known if name not in entry["tools"]]

    def begin(self, step):
        """One processor step: the tools to expose, in order (r[processor.order.sequence])."""
        thread_id = thread_of(step["requestContext"])
        thread = thread_id or "default"  # r[store.memory.default-thread]
        exposed_as = {}  # canonical name → the name it is exposed under: the first activated (r[processor.names.exposed-once])
        for name in self.loaded(thread):
            exposed_as.setdefault(self.resolve(name), name)
        loaded = list(exposed_as.values())
        exposed = {SEARCH_TOOLS: "meta", LOAD_TOOL: "meta"}
        for tool in step["resolvedTools"]:  # passed through (r[processor.resolved.pass-through])
            if tool["name"] not in META:
                exposed[tool["name"]] = tool.get("instance", "resolved")
        for name in loaded:
            exposed.setdefault(name, self.by_name[self.resolve(name)].get("instance", "static"))  # r[processor.order.unique]
        self.step = {"thread": thread, "thread_id": thread_id or "", "loaded": exposed_as, "exposed": list(exposed)}
        return {"exposed": list(exposed), "origins": exposed, "system": [text("instruction.explicit")], "filterCalls": []}

    def call(self, step):
        if self.step is None or step["tool"] not in self.step["exposed"]:
            return {"outcome": "not-exposed", "filterCalls": []}
        if step["tool"] == SEARCH_TOOLS:
            return {"outcome": "result", "result": self.search_tools(step.get("input")), "filterCalls": []}
        result = self.load_tool(step.get("input"))
        return {"outcome": "result", "result": self.signed(result, step.get("toolCallId")), "filterCalls": []}

    def signed(self, result, tool_call_id):
        """r[processor.receipts.write]: with a receipt secret, a load_tool result that activates names carries its receipt."""
        if self.keys is None or not tool_call_id:
            return result
        names = [result["toolName"]] if "toolName" in result and result.get("success") else []
        names = list(dict.fromkeys(names + result.get("loaded", []) + result.get("alreadyLoaded", [])))
        mac = receipt_mac(self.keys[0], LOAD_TOOL, self.step["thread_id"], tool_call_id, names) if names else None
        if mac is not None:
            result["activation"] = {"type": "tool-search-load", "version": 1, "loaded": names,
                                    "receipt": {"version": 1, "algorithm": "HMAC-SHA256", "mac": mac}}
        return result

    def search_tools(self, given):
        """r[processor.input.search], then r[processor.search.results]."""
        if not isinstance(given, dict):
            return {"results": [], "message": text("search.input.not-object", value=value_text(given))}
        query = given.get("query")
        if not isinstance(query, str):
            return {"results": [], "message": text("search.input.query-type", value=value_text(query))}
        if len(query) > 1000:
            return {"results": [], "message": text("search.input.query-length", max=1000, length=length_text(query, 1000))}
        hits = [] if query.strip() == "" else self.index.rank(query, self.min_score)[: self.top_k]
        if not hits:  # a blank query finds nothing (r[processor.input.search])
            return {"results": [], "message": text("search.none", query=shorten(query))}
        results = [{"name": name, "description": truncate(desc), "score": score} for name, desc, score in hits]
        return {"results": results, "message": text("search.found", count=len(results))}

    def load_tool(self, given):
        """r[processor.input.load], then r[processor.load.results] with r[processor.names.exposure]."""
        if not isinstance(given, dict):
            return {"success": False, "message": text("load.input.not-object", value=value_text(given))}
        tool_name = None if given.get("toolName") == "" else given.get("toolName")  # an empty toolName is absent
        tool_names = given.get("toolNames")
        problem = self.check_names(tool_name, tool_names)
        if problem:
            return {"success": False, "message": problem}
        requested = list(dict.fromkeys((tool_names or []) + ([tool_name] if tool_name is not None else [])))
        loaded, already, not_found, handled = [], [], [], set()
        for name in requested:
            canonical = self.resolve(name)
            if canonical is None:
                not_found.append(name)
            elif canonical not in handled:  # one tool named twice loads once, under the first name
                handled.add(canonical)
                if canonical in self.step["loaded"]:
                    already.append(self.step["loaded"][canonical])
                else:
                    loaded.append(name)
                    self.step["loaded"][canonical] = name
        self.activate(self.step["thread"], loaded + already)  # r[store.activate.all-confirmed]
        if tool_names is not None:
            parts = [text(part, names=", ".join(names)) for part, names in
                     (("load.multi.loaded", loaded), ("load.multi.already-loaded", already),
                      ("load.multi.not-found", [shorten(n) for n in not_found])) if names]
            result = {"success": not not_found, "message": TEXTS["load.multi.separator"].join(parts), "loadedCount": len(loaded)}
            for key, names in (("loaded", loaded), ("notFound", not_found), ("alreadyLoaded", already)):
                if names:
                    result[key] = names
            return result
        if not_found:
            return {"success": False, "toolName": tool_name, "message": self.not_found(tool_name)}
        # A single-name success also lists the name in `loaded` (r[store.meta-results.forward]).
        if loaded:
            return {"success": True, "toolName": loaded[0], "message": text("load.loaded", name=loaded[0]), "loaded": [loaded[0]]}
        return {"success": True, "toolName": already[0], "message": text("load.already-loaded", name=already[0]), "loaded": [already[0]]}

    @staticmethod
    def check_names(tool_name, tool_names):
        def bad(value, field):
            if not isinstance(value, str):
                return text("load.input.name-type", field=field, value=value_text(value))
            if len(value) > 256:
                return text("load.input.name-length", field=field, max=256, length=length_text(value, 256), value=value_text(value))
            return None
        if tool_names is not None:
            if not isinstance(tool_names, list):
                return text("load.input.tool-names-type", value=value_text(tool_names))
            if len(tool_names) > 100:  # the length first (r[processor.input.bounded])
                return text("load.input.tool-names-count", max=100, count=len(tool_names))
            for i, value in enumerate(tool_names):
                if bad(value, f"toolNames[{i}]"):
                    return bad(value, f"toolNames[{i}]")
        if tool_name is not None and bad(tool_name, "toolName"):
            return bad(tool_name, "toolName")
        if not tool_names and tool_name is None:
            return text("load.empty-tool-names" if tool_names is not None else "load.no-argument")
        return None

    def not_found(self, requested):
        """r[processor.names.suggestions]: up to three load names containing the request or contained in it."""
        wanted = requested.lower()
        load_names = [key if self.resolve(key) == name else name for name, key in self.key_of.items()]
        similar = [n for n in load_names if wanted in n.lower() or n.lower() in wanted][:3]
        if similar:
            return text("load.not-found.suggest", name=shorten(requested), suggestions=", ".join(similar))
        return text("load.not-found.search", name=shorten(requested))


# -- The protocol loop (spec/conformance.md, r[conformance.protocol.framing]) --------------------------


def answer(request, state):
    kind = request["type"]
    if kind == "start":
        return {"type": "started", "protocol": PROTOCOL, "implementation": IMPLEMENTATION, "features": FEATURES}
    if kind == "case":  # r[conformance.protocol.case]
        state["processor"] = None
        try:
            state["processor"] = Processor(request["case"]["catalog"], request["case"]["options"])
        except ConstructionError as error:
            return {"type": "ready", "constructionError": str(error)}
        except Unsupported as why:
            return {"type": "skipped", "reason": str(why)}
        return {"type": "ready"}
    if kind == "step":  # r[conformance.protocol.step]
        step, processor = request["step"], state["processor"]
        if step["op"] == "begin":
            return {"type": "observation", "observation": processor.begin(step)}
        if step["op"] == "call":
            return {"type": "observation", "observation": processor.call(step)}
        return {"type": "skipped", "reason": f"the {step['op']} step is not implemented"}
    if kind == "stop":
        return {"type": "stopped"}
    return {"type": "error", "message": f"unknown request type {kind!r}"}


def main():
    sys.stdin.reconfigure(encoding="utf-8")
    sys.stdout.reconfigure(encoding="utf-8")
    state = {"processor": None}
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        try:
            reply = answer(request, state)
        except Exception as error:  # r[conformance.protocol.error]
            reply = {"type": "error", "message": f"{type(error).__name__}: {error}"}
        sys.stdout.write(json.dumps({"seq": request["seq"], **reply}) + "\n")
        sys.stdout.flush()
        if request["type"] == "stop":
            return


if __name__ == "__main__":
    main()
