import * as Datasets from "@core/datasets";
import * as Evaluators from "@core/evaluators";
import * as Langfuse from "@core/langfuse";
import { langfuseHttp } from "../../_lib/langfuse-http";
import { queues } from "../../_runtime/ports/queues";
import { telemetry } from "../../_runtime/ports/telemetry";

// The same use case as POST /v1/dataset-run-items: the run is made on first use and its evaluators score the item.
export const handler = langfuseHttp({
  role: "MEMBER",
  uses: [telemetry, queues],
  summary:
    "Langfuse: link a dataset item to its trace within a run (created on first use with runDescription and metadata)",
  tags: ["datasets"],
  body: Langfuse.CreateRunItemBody,
  response: Langfuse.LangfuseDatasetRunItem,
  run: async ({ body }, { deps, principal }) => {
    const item = await Datasets.getItem(deps, principal.projectId, body.datasetItemId);
    const link = {
      datasetName: item.datasetName,
      runName: body.runName,
      datasetItemId: item.id,
      traceId: body.traceId!,
      observationId: body.observationId ?? null,
    };
    const recorded = await Evaluators.recordExperimentRunItem(deps, principal, link, {
      description: body.runDescription,
      metadata: body.metadata,
    });
    return {
      id: Datasets.runItemId(recorded.runId, item.id),
      datasetRunId: recorded.runId,
      datasetRunName: body.runName,
      datasetItemId: item.id,
      traceId: recorded.traceId,
      observationId: recorded.observationId,
      createdAt: recorded.createdAt,
      updatedAt: recorded.createdAt,
    };
  },
});
