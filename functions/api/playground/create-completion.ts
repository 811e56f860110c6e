import * as Playground from "@core/playground";
import { http, StreamReply } from "../../_lib/http";
import { SSE_HEADERS, sseText } from "../../_lib/sse";
import { streamingHandler } from "../../_lib/stream-response";
import { blobs } from "../../_runtime/ports/blobs";
import { llm } from "../../_runtime/ports/llm";
import { queues } from "../../_runtime/ports/queues";

export const handler = streamingHandler(
  http({
    role: "MEMBER",
    uses: [blobs, queues, llm],
    summary:
      "Stream a completion from a provider with this project's credentials (server-sent events: start, delta, tool_call, then done with usage, cost and latency, or error); messages, or a prompt by name and version or label compiled here; recorded as a trace in the environment sightline",
    tags: ["playground"],
    body: Playground.CompletionBody,
    streams: {
      contentType: "text/event-stream",
      description:
        "Server-sent events: `start` {traceId, provider, model, messages, prompt}; `delta` {text}; `tool_call` {index, id?, name?, arguments}; then `done` {traceId, model, finishReason, output: {text, toolCalls}, usage: {input, output, total}, costUsd, latency: {totalMs, timeToFirstTokenMs}} or `error` {code, message, traceId}",
    },
    run: async ({ body }, { deps, principal }) => {
      const cancel = new AbortController();
      const events = await Playground.streamCompletion(deps, principal, body, { signal: cancel.signal });
      return new StreamReply(200, SSE_HEADERS, (gone) => {
        gone.addEventListener("abort", () => cancel.abort(), { once: true });
        return sseText(events);
      });
    },
  }),
);
