"""Datasets, runs, remote runners, evaluators and direct scores: plain calls to the HTTP API."""

from __future__ import annotations

import json
import urllib.parse
from typing import Any, Dict, Iterable, List, Mapping, Optional, Union, cast

from .observations import put_fields
from .transport import Transport

_UNSET: Any = object()


def _q(name: str) -> str:
    return urllib.parse.quote(name, safe="")


def _run_item(item: Mapping[str, Any]) -> Dict[str, Any]:
    """Accepts ``dataset_item_id``/``trace_id``/``observation_id`` or the wire's camelCase."""
    out: Dict[str, Any] = {}
    put_fields(out, dict(item))
    return out


def parse_trigger(body: Union[str, bytes]) -> Dict[str, Any]:
    """The ``dataset.run.requested`` trigger in a verified body. @raises ValueError for anything else."""
    trigger = json.loads(body)
    if not isinstance(trigger, dict) or trigger.get("event") != "dataset.run.requested" or not isinstance(trigger.get("itemsUrl"), str):
        raise ValueError("not a dataset.run.requested trigger")
    return trigger


class Api:
    """The synchronous calls of the client; each waits at most the client's timeout per attempt."""

    _transport: Transport

    def _call(self, method: str, path: str, body: Any = None) -> Dict[str, Any]:
        return cast(Dict[str, Any], self._transport.request(method, path, body))

    def create_dataset(self, name: str, description: Optional[str] = None, metadata: Optional[Mapping[str, Any]] = None) -> Dict[str, Any]:
        body: Dict[str, Any] = {"name": name}
        put_fields(body, {"description": description, "metadata": metadata})
        return self._call("POST", "/v1/datasets", body)

    def get_dataset(self, name: str) -> Dict[str, Any]:
        """The dataset with its runs and its first page of items (``get_dataset_items`` follows every page)."""
        return self._call("GET", f"/v1/datasets/{_q(name)}")

    def add_dataset_items(self, name: str, items: Iterable[Mapping[str, Any]]) -> Dict[str, Any]:
        """Items ``{id?, input, expected_output?, metadata?}``; answers ``{added, rejected, errors}``."""
        wire = []
        for item in items:
            out: Dict[str, Any] = {}
            for key, value in item.items():
                out["expectedOutput" if key == "expected_output" else key] = value
            wire.append(out)
        return self._call("POST", f"/v1/datasets/{_q(name)}/items", {"items": wire})

    def get_dataset_items(self, name_or_items_url: str) -> List[Dict[str, Any]]:
        """Every item of a dataset, in order, by name or by a run trigger's ``itemsUrl``."""
        path = name_or_items_url if name_or_items_url.startswith(("/", "http")) else f"/v1/datasets/{_q(name_or_items_url)}"
        items: List[Dict[str, Any]] = []
        cursor: Optional[str] = None
        while True:
            query = {"limit": 1000, **({"cursor": cursor} if cursor else {})}
            page = self._call("GET", f"{path}?{urllib.parse.urlencode(query)}")
            items.extend(page.get("items") or [])
            cursor = page.get("nextCursor")
            if not cursor:
                return items

    def create_dataset_run(
        self,
        name: str,
        run_name: str,
        items: Iterable[Mapping[str, Any]] = (),
        version: Optional[str] = None,
        metadata: Optional[Mapping[str, Any]] = None,
        evaluators: Optional[List[str]] = None,
    ) -> Dict[str, Any]:
        """Records a run: each item ``{dataset_item_id, trace_id, observation_id?}``; 409 when it exists."""
        body: Dict[str, Any] = {"runName": run_name, "items": [_run_item(i) for i in items]}
        put_fields(body, {"version": version, "metadata": metadata, "evaluators": evaluators})
        return self._call("POST", f"/v1/datasets/{_q(name)}/runs", body)

    def create_dataset_run_item(self, dataset_name: str, run_name: str, dataset_item_id: str, trace_id: str, observation_id: Optional[str] = None) -> Dict[str, Any]:
        """Links one item to the trace made for it (the run is created on first use)."""
        body: Dict[str, Any] = {"datasetName": dataset_name, "runName": run_name, "datasetItemId": dataset_item_id, "traceId": trace_id}
        put_fields(body, {"observationId": observation_id})
        return self._call("POST", "/v1/dataset-run-items", body)

    def get_dataset_run(self, name: str, run_name: str) -> Dict[str, Any]:
        return self._call("GET", f"/v1/datasets/{_q(name)}/runs/{_q(run_name)}")

    def gate_dataset_run(self, name: str, run_name: str, thresholds: Mapping[str, float]) -> Dict[str, Any]:
        """``{passed, results}``: each score's mean against its minimum; changes nothing."""
        return self._call("POST", f"/v1/datasets/{_q(name)}/runs/{_q(run_name)}/gate", {"thresholds": dict(thresholds)})

    def set_runner(self, name: str, url: str) -> Dict[str, Any]:
        """Registers the dataset's remote runner; the answer's ``secret`` (shown once) verifies its triggers."""
        return self._call("PUT", f"/v1/datasets/{_q(name)}/runner", {"url": url})

    def start_remote_run(self, name: str, run_name: str, version: Optional[str] = None, metadata: Optional[Mapping[str, Any]] = None, evaluators: Optional[List[str]] = None) -> Dict[str, Any]:
        body: Dict[str, Any] = {"runName": run_name}
        put_fields(body, {"version": version, "metadata": metadata, "evaluators": evaluators})
        return self._call("POST", f"/v1/datasets/{_q(name)}/remote-runs", body)

    def run_evaluator(self, name: str, trace_id: str, observation_id: Optional[str] = None, input: Any = _UNSET, output: Any = _UNSET, expected_output: Any = _UNSET) -> Dict[str, Any]:
        """Runs an evaluator on a trace now; answers ``{score}`` (re-runs overwrite it)."""
        body: Dict[str, Any] = {"traceId": trace_id}
        put_fields(body, {"observationId": observation_id})
        for key, value in (("input", input), ("output", output), ("expectedOutput", expected_output)):
            if value is not _UNSET:
                body[key] = value
        return self._call("POST", f"/v1/evaluators/{_q(name)}/run", body)

    def create_score(self, name: str, value: Any = None, **fields: Any) -> str:
        """Records one score now (``POST /v1/scores``) and returns its id; ``score()`` batches instead."""
        body: Dict[str, Any] = {"name": name}
        if value is not None:
            body["value"] = value
        put_fields(body, fields)
        return str(self._call("POST", "/v1/scores", body)["id"])

    def compile_prompt_remote(self, name: str, variables: Mapping[str, Any] = {}, placeholders: Mapping[str, Any] = {}, channel: Optional[str] = None, version: Optional[int] = None) -> Dict[str, Any]:
        """The service's compile (``POST /v1/prompts/{name}/compile``); ``compile_prompt`` does it locally."""
        body: Dict[str, Any] = {"variables": dict(variables), "placeholders": dict(placeholders)}
        put_fields(body, {"channel": channel, "version": version})
        return self._call("POST", f"/v1/prompts/{_q(name)}/compile", body)

    def get_trace(self, trace_id: str) -> Dict[str, Any]:
        return self._call("GET", f"/v1/traces/{_q(trace_id)}")
