"""An event's triggered rules → run in place: each rule's filter, variables and ``when`` taken
straight from the event's parameters, its block run as its generated function, and the work
stack (executor.run) entered only when a block needs it.

The executor fires rules through work items: ``rule_items`` binds every triggered rule's
variables into a frozen tuple, ``run`` pops each, thaws it into a dict for the ``when`` and
again for the block. Most firings need none of that: a rule whose condition fails does
nothing, and most blocks run to their end without asking anything. Here the rules are taken
in their order, each exactly as ``run`` would take it — its budget step counted and its name
put on the chain before its condition is asked, in a copy of its variables, at the same
nesting depth; a rule that holds counts its firing and its second step and runs its block —,
and the first block that needs the stack (a prompt, a choice, a roll) hands the executor the
work as ``run`` would hold it at that moment: the later rules' items below, what the block
pushed, and the block's own stop to carry on from. So the steps counted, the events, the
prompts and the work left are the same as the executor's.

Each list of triggered rules gets that loop written out once, straight-line, as one function
(``_written``; ``WRITTEN = False`` keeps the loop, ``_looped``, as its reference).

The executor stays the reference (``IN_PLACE = False``, or the blocks not generated:
``straight.GENERATED`` off, sends every firing through ``rule_items`` and ``run``); a test
plays every shipped row both ways.
"""

from __future__ import annotations

from catan_dsl.engine.rules import executor
from catan_dsl.engine.rules.execution import MAX_DEPTH, STEP_BUDGET
from catan_dsl.engine.rules.executor import rule_items, run, stopped

IN_PLACE = True
FILENAME = "<generated rule firing>"
WRITTEN = True      # each trigger's rules fired by one generated function (_written)


def enabled(rules) -> bool:
    """Fire rules in place for these compiled rules? (Read once, when a Game is built, with
    whether answers and resumptions run their blocks in place: ``executor.IN_PLACE``, and
    whether a trigger's rules are fired by their written function: ``WRITTEN``.)"""
    rules.execution.resumes = executor.IN_PLACE and rules.straight is not None
    rules.fires = {} if WRITTEN else None     # id(triggered) → (triggered, its function)
    rules.fired_by = {}     # trigger → its function, when it always fires the same rules
    return IN_PLACE and rules.straight is not None


def fire(s, rules, triggered, params: dict) -> None:
    """Run the rules ``triggered`` (indices into ``rules.compiled``, in order) whose filters
    fit an event's ``params``, as ``run(s, rule_items(...))`` would: by their written
    function (kept per list of rules, written on first use), or by ``_looped``."""
    fires = rules.fires
    if fires is None:
        _looped(s, rules, triggered, params)
        return
    kept = fires.get(id(triggered))
    if kept is None or kept[0] is not triggered:    # (the lists live as long as the rules)
        kept = fires[id(triggered)] = (triggered, _written(rules, triggered))
    kept[1](s, params)


def _looped(s, rules, triggered, params: dict) -> None:
    """``fire``, the reference: the rules taken in a loop."""
    compiled = rules.compiled
    k, n = 0, len(triggered)
    while k < n and compiled[triggered[k]].filter and not _fits(compiled[triggered[k]], params):
        k += 1
    if k == n:                          # no work item: run would not even start
        return
    execution = rules.execution
    if s._hlen != execution.stamp:      # execution.begin(s), as run does on entry
        execution.reset(s._hlen)
    if execution.depth >= MAX_DEPTH:    # run stops the game before it looks at any rule
        run(s, rule_items(compiled, triggered[k:], params))
        return
    execution.depth += 1
    saved = execution.prov
    handed = None
    try:
        while k < n:
            ri = triggered[k]
            k += 1
            rule = compiled[ri]
            if rule.filter and not _fits(rule, params):     # (most rules filter nothing)
                continue
            env = {"player": params["player"]}
            for param, var in rule.bind:
                env[var] = params.get(param)
                if "#" + param in params:
                    env["#" + var] = params["#" + param]
            # The rule's item popped: a budget step, the rule named on the chain.
            execution.steps += 1
            if execution.steps > STEP_BUDGET:
                execution.enter(rule)
                execution.tick(0)
            execution.chain.setdefault(id(rule), rule)
            if rule.when is not None and not rule.when(s, dict(env)):
                continue
            if execution.on_run is not None:
                execution.on_run(s, ri)
            execution.steps += 1            # its block's item, as run counts it
            handed = _block(s, rules, ri, rule, env)
            if handed is not None:
                break
    except RecursionError:
        raise execution.too_deep() from None
    finally:
        execution.depth -= 1
        execution.prov = saved
    if handed is not None:
        _handed(s, rules, triggered, params, k, handed)


def _handed(s, rules, triggered, params: dict, k: int, handed: tuple) -> None:
    """The work left when the block of rule ``triggered[k - 1]`` stopped: the later rules'
    items below what the block pushed, and its own stop to carry on from."""
    items = rule_items(rules.compiled, triggered[k:], params)
    items.extend(handed[1])
    _hand_over(s, rules, items, handed[0])


def perform(s, rules, ri: int, env: dict) -> None:
    """Run rule ``ri``'s block from its start with the variables ``env`` (a player action's
    ``do``), as ``run(s, [("fx", ri, (), 0, envt(env))])`` would."""
    execution = rules.execution
    if s._hlen != execution.stamp:
        execution.reset(s._hlen)
    if execution.depth >= MAX_DEPTH:
        run(s, [("fx", ri, (), 0, env)])
        return
    rule = rules.compiled[ri]
    execution.depth += 1
    saved = execution.prov
    try:
        execution.steps += 1                # the block's item popped
        if execution.steps > STEP_BUDGET:
            execution.enter(rule)
            execution.tick(0)
        handed = _block(s, rules, ri, rule, env)
    except RecursionError:
        raise execution.too_deep() from None
    finally:
        execution.depth -= 1
        execution.prov = saved
    if handed is not None:
        _hand_over(s, rules, handed[1], handed[0])


def _block(s, rules, ri: int, rule, env: dict) -> tuple | None:
    """Run rule ``ri``'s block from its start in ``env`` (its item's step counted), as run's
    loop would: None when it ran to its end; else (where it stopped — the rule, the stop and
    the provenance then — or None to start it afresh, its item's step taken back since run
    pops it again; the work items it left on top)."""
    lst = rule.do
    if not lst:
        return None
    block = rules.straight[ri, (), 0]
    execution = rules.execution
    if block is None and (len(lst) > 1 or lst[0].inline is not None):
        execution.steps -= 1                # not written out (too long): run starts it
        return None, [("fx", ri, (), 0, env)]
    execution.prov = rule.prov
    pushed: list = []
    if block is not None:
        stop = block(s, env, pushed)
    else:
        # One plain effect, as its generated function would run it.
        execution.steps += 1
        if execution.steps > STEP_BUDGET:
            execution.tick(0)
        prompts = s.prompts
        n0 = len(prompts)
        sub = lst[0].run(s, env, ri, (0,))
        stop = ((), 1, env, sub, n0) if sub or len(prompts) > n0 else None
    if stop is None:
        return None
    return (ri, stop, execution.prov), pushed


def _hand_over(s, rules, items: list, carried: tuple | None) -> None:
    """The work stack from where a block stopped (``carried``: the rule, the stop and the
    provenance it left: executor.stopped), or from the top item's start."""
    if carried is None:
        run(s, items)
    else:
        stopped(s, rules, items, carried)


def _written(rules, triggered):
    """One function doing ``_looped``'s work for the rules ``triggered``, straight-line: each
    filter a comparison, the variables bound in the loop's order, the steps and the chain as
    the loop counts them, a written block called itself."""
    names: dict = {"STEP_BUDGET": STEP_BUDGET, "MAX_DEPTH": MAX_DEPTH, "run": run,
                   "rule_items": rule_items, "_block": _block, "_handed": _handed,
                   "RecursionError": RecursionError,
                   "EXECUTION": rules.execution, "COMPILED": rules.compiled, "rules": rules,
                   "TRIGGERED": triggered}
    tests = []
    for k, ri in enumerate(triggered):
        rule = rules.compiled[ri]
        names[f"R{k}"] = rule
        names.update((f"F{k}_{j}", v) for j, (_key, v) in enumerate(rule.filter))
        tests.append(" and ".join(f"params.get({key!r}) == F{k}_{j}"
                                  for j, (key, _v) in enumerate(rule.filter)))
    lines = ["def fire_written(s, params):"]
    if all(tests):                      # no work item: run would not even start
        lines.append(f"    if not ({' or '.join(f'({x})' for x in tests)}):")
        lines.append("        return")
    lines += ["    execution = EXECUTION",
              "    if s._hlen != execution.stamp:",
              "        execution.reset(s._hlen)",
              "    if execution.depth >= MAX_DEPTH:",
              "        run(s, rule_items(COMPILED, TRIGGERED, params))",
              "        return",
              "    execution.depth += 1",
              "    saved = execution.prov",
              "    done = None",
              "    try:",
              "      while True:"]     # (left by break: once, or at the block that stops)
    for k, ri in enumerate(triggered):
        _rule_lines(lines, rules, k, ri, tests[k], names)
    lines += ["        break",
              "    except RecursionError:",
              "        raise execution.too_deep() from None",
              "    finally:",
              "        execution.depth -= 1",
              "        execution.prov = saved",
              "    if done is not None:",
              "        _handed(s, rules, TRIGGERED, params, *done)"]
    exec(compile("\n".join(lines) + "\n", FILENAME, "exec"), names)
    return names["fire_written"]


def _rule_lines(lines: list, rules, k: int, ri: int, test: str, names: dict) -> None:
    """The lines of ``_looped``'s loop for rule ``ri``, the ``k``-th triggered (``R{k}``)."""
    rule, r, pad = rules.compiled[ri], f"R{k}", "        "
    if test:
        lines.append(f"{pad}if {test}:")
        pad += "    "
    lines.append(f"{pad}env = {{'player': params['player']}}")
    for param, var in rule.bind:        # in the loop's order: a variable, then its kind
        lines += [f"{pad}env[{var!r}] = params.get({param!r})",
                  f"{pad}if {'#' + param!r} in params:",
                  f"{pad}    env[{'#' + var!r}] = params[{'#' + param!r}]"]
    lines += [f"{pad}execution.steps += 1",
              f"{pad}if execution.steps > STEP_BUDGET:",
              f"{pad}    execution.enter({r})",
              f"{pad}    execution.tick(0)",
              f"{pad}execution.chain.setdefault({id(rule)}, {r})"]
    if rule.when is not None:
        names[f"W{k}"] = rule.when
        lines.append(f"{pad}if W{k}(s, dict(env)):")
        pad += "    "
    lines += [f"{pad}if execution.on_run is not None:",
              f"{pad}    execution.on_run(s, {ri})",
              f"{pad}execution.steps += 1"]
    if not rule.do:
        return                          # nothing run: _block would return None
    block = rules.straight[ri, (), 0]
    if block is None:                   # not written out, or one plain effect
        lines += [f"{pad}handed = _block(s, rules, {ri}, {r}, env)",
                  f"{pad}if handed is not None:",
                  f"{pad}    done = {k + 1}, handed",
                  f"{pad}    break"]
        return
    names[f"B{k}"], names[f"P{k}"] = block, rule.prov
    lines += [f"{pad}execution.prov = P{k}",
              f"{pad}pushed = []",
              f"{pad}stop = B{k}(s, env, pushed)",
              f"{pad}if stop is not None:",
              f"{pad}    done = {k + 1}, (({ri}, stop, execution.prov), pushed)",
              f"{pad}    break"]


def _fits(rule, params: dict) -> bool:
    """Does the event's ``params`` meet the rule's filter (``on built settlement``)?"""
    for key, v in rule.filter:
        if params.get(key) != v:
            return False
    return True
