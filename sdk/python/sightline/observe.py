"""``@client.observe()``: a span per call, with the arguments as input and the return value as output."""

from __future__ import annotations

import functools
import inspect
from typing import Any, Callable, Dict, Optional, TypeVar, cast

from .observations import Node, Observation, Sink, Trace, current

F = TypeVar("F", bound=Callable[..., Any])


def _inputs(signature: Optional[inspect.Signature], args: Any, kwargs: Any) -> Any:
    if signature is None:
        return {"args": list(args), "kwargs": kwargs}
    try:
        bound = signature.bind(*args, **kwargs)
    except TypeError:
        return {"args": list(args), "kwargs": kwargs}
    return {k: v for k, v in bound.arguments.items() if k not in ("self", "cls")}


def observe(sink: Sink, name: Optional[str], as_type: str, capture_input: bool, capture_output: bool) -> Callable[[F], F]:
    def decorate(fn: F) -> F:
        label = name or fn.__qualname__
        try:
            signature: Optional[inspect.Signature] = inspect.signature(fn)
        except (TypeError, ValueError):
            signature = None

        def start(args: Any, kwargs: Any) -> "tuple[Optional[Trace], Observation]":
            fields: Dict[str, Any] = {"input": _inputs(signature, args, kwargs)} if capture_input else {}
            parent: Optional[Node] = current.get()
            trace = None
            if parent is None:
                # A call outside any trace starts one, named and filled like the span, sent when the call ends.
                trace = Trace(sink, label, dict(fields), send=False)
                parent = trace
            observation = parent.generation(label, **fields) if as_type == "generation" else parent.span(label, **fields)
            return trace, observation

        def finish(trace: Optional[Trace], output: Any) -> None:
            if trace is not None:
                trace.end(**({"output": output} if output is not None else {}))

        if inspect.iscoroutinefunction(fn):

            @functools.wraps(fn)
            async def run_async(*args: Any, **kwargs: Any) -> Any:
                trace, observation = start(args, kwargs)
                output = None
                try:
                    with observation:
                        result = await fn(*args, **kwargs)
                        if capture_output:
                            output = result
                            observation.update(output=result)
                    return result
                finally:
                    finish(trace, output)

            return cast(F, run_async)

        @functools.wraps(fn)
        def run(*args: Any, **kwargs: Any) -> Any:
            trace, observation = start(args, kwargs)
            output = None
            try:
                with observation:
                    result = fn(*args, **kwargs)
                    if capture_output:
                        output = result
                        observation.update(output=result)
                return result
            finally:
                finish(trace, output)

        return cast(F, run)

    return decorate
